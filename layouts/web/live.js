/* pnpforge serve: reload the page when the site has been rebuilt, and show the errors of a build that failed.
   Added to pages only as they are served (never written into the site). Polls /__pnpforge/state. */
(function () {
  'use strict';
  var me = document.currentScript;
  var seen = Number(me && me.getAttribute('data-version')) || null;
  var box = null;

  function show(state) {
    var lines = [];
    if (state.building) { lines.push('Rebuilding…'); }
    if (state.errors && state.errors.length) {
      lines.push('The last build found ' + state.errors.length + ' error' + (state.errors.length === 1 ? '' : 's') + ':');
    }
    if (!lines.length) {
      if (box) { box.remove(); box = null; }
      return;
    }
    if (!box) {
      box = document.createElement('div');
      box.className = 'wb-live';
      box.setAttribute('role', 'status');
      document.body.appendChild(box);
    }
    box.textContent = lines.join(' ');
    if (state.errors && state.errors.length) {
      var pre = document.createElement('pre');
      pre.textContent = state.errors.join('\n');
      box.appendChild(pre);
    }
  }

  function poll() {
    fetch('/__pnpforge/state', { cache: 'no-store' })
      .then(function (answer) { return answer.json(); })
      .then(function (state) {
        if (seen !== null && state.version !== seen) {
          window.location.reload();
          return;
        }
        seen = state.version;
        show(state);
        window.setTimeout(poll, 400);
      })
      .catch(function () { window.setTimeout(poll, 2000); });
  }
  poll();
})();
