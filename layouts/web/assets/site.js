/* The web rulebook's behaviour: the phone menu, the chapter list folded on narrow screens, the gallery filters,
   the enlarged view of a card, and the way back to the top. Everything works without it (the menu is open, the
   gallery shows every card, a card links to its larger image, the way back up is at the foot of the page).
   No request leaves the page, and every word it shows comes from the page, in the page's language. */
(function () {
  'use strict';
  var narrow = window.matchMedia('(max-width: 60rem)');

  /* The site menu on phones. */
  var button = document.querySelector('.wb-menu-button');
  var menu = document.getElementById('wb-site-nav');
  if (button && menu) {
    button.addEventListener('click', function () {
      var open = button.getAttribute('aria-expanded') !== 'true';
      button.setAttribute('aria-expanded', String(open));
      menu.classList.toggle('wb-open', open);
    });
  }

  /* The chapter list and the page's contents start folded on narrow screens. */
  if (narrow.matches) {
    document.querySelectorAll('details.wb-fold').forEach(function (fold) { fold.open = false; });
    var anchor = decodeURIComponent(window.location.hash.slice(1));
    var target = anchor && anchor.indexOf('=') < 0 && document.getElementById(anchor);
    if (target) { target.scrollIntoView(); }  /* folding moved it */
  }

  /* Gallery filters: a card is shown when it has every chosen value; the choice is kept in the address
     (#side=north&kind=scout), so the glossary can link to a filtered gallery. */
  document.querySelectorAll('[data-wb-gallery]').forEach(function (gallery) {
    var form = gallery.querySelector('.wb-filters');
    var selects = Array.prototype.slice.call(gallery.querySelectorAll('select[data-facet]'));
    var tiles = Array.prototype.slice.call(gallery.querySelectorAll('[data-card]'));
    var sections = Array.prototype.slice.call(gallery.querySelectorAll('[data-section]'));
    var status = gallery.querySelector('.wb-shown');
    var template = gallery.getAttribute('data-shown') || '{n} / {total}';
    form.hidden = false;

    function chosen() {
      var wanted = {};
      selects.forEach(function (select) {
        if (select.value) { wanted[select.getAttribute('data-facet')] = select.value; }
      });
      return wanted;
    }

    function apply(keepAddress) {
      var wanted = chosen();
      var names = Object.keys(wanted);
      var shown = 0;
      tiles.forEach(function (tile) {
        var match = names.every(function (name) {
          var values = ' ' + (tile.getAttribute('data-f-' + name) || '') + ' ';
          return values.indexOf(' ' + wanted[name] + ' ') >= 0;
        });
        tile.hidden = !match;
        if (match) { shown += 1; }
      });
      sections.forEach(function (section) {
        section.hidden = !section.querySelector('[data-card]:not([hidden])');
      });
      status.textContent = template.replace('{n}', shown).replace('{total}', tiles.length);
      if (!keepAddress) {
        var state = names.map(function (name) {
          return encodeURIComponent(name) + '=' + encodeURIComponent(wanted[name]);
        }).join('&');
        history.replaceState(null, '', state ? '#' + state : window.location.pathname + window.location.search);
      }
    }

    function fromAddress() {
      var hash = window.location.hash.replace(/^#/, '');
      if (hash.indexOf('=') < 0) { return false; }
      var wanted = {};
      hash.split('&').forEach(function (pair) {
        var parts = pair.split('=');
        wanted[decodeURIComponent(parts[0])] = decodeURIComponent(parts[1] || '');
      });
      selects.forEach(function (select) {
        var value = wanted[select.getAttribute('data-facet')] || '';
        var known = Array.prototype.some.call(select.options, function (o) { return o.value === value; });
        select.value = known ? value : '';
      });
      return true;
    }

    selects.forEach(function (select) { select.addEventListener('change', function () { apply(false); }); });
    form.addEventListener('reset', function () { window.setTimeout(function () { apply(false); }, 0); });
    form.addEventListener('submit', function (event) { event.preventDefault(); });
    window.addEventListener('hashchange', function () { if (fromAddress()) { apply(true); } });
    if (fromAddress()) { apply(true); }
  });

  /* The enlarged view: a card's face opens its larger image in a dialog (click, tap, Enter or Space); Escape,
     the close button or a click or tap anywhere closes it, and the focus goes back to the face. */
  var dialog = document.querySelector('.wb-zoom-dialog');
  if (dialog && typeof dialog.showModal === 'function') {
    var frame = dialog.querySelector('.wb-zoom-frame');
    var opener = null;
    var picture = document.createElement('img');
    picture.alt = '';
    picture.decoding = 'async';

    var open = function (trigger) {
      var face = trigger.querySelector('img');
      opener = trigger;
      picture.src = trigger.getAttribute('data-zoom');
      picture.alt = face ? face.alt : '';
      if (face) { picture.className = face.className; }
      if (!picture.parentNode) { frame.appendChild(picture); }
      dialog.classList.toggle('wb-zoom-wide', trigger.hasAttribute('data-wide'));
      dialog.setAttribute('aria-label', trigger.getAttribute('aria-label') || '');
      dialog.showModal();
    };

    document.querySelectorAll('a.wb-zoom[data-zoom]').forEach(function (trigger) {
      trigger.setAttribute('role', 'button');
      trigger.setAttribute('aria-haspopup', 'dialog');
      trigger.addEventListener('click', function (event) { event.preventDefault(); open(trigger); });
      trigger.addEventListener('keydown', function (event) {
        if (event.key === ' ' || event.key === 'Spacebar') { event.preventDefault(); open(trigger); }
      });
    });
    dialog.addEventListener('click', function () { dialog.close(); });
    dialog.addEventListener('close', function () {
      if (opener) { opener.focus(); opener = null; }
    });
  }

  /* Back to the top: the link at the foot of the page floats in the corner once the page has been scrolled. */
  var top = document.querySelector('.wb-top');
  if (top) {
    var float = function () { top.classList.toggle('wb-top-floating', window.scrollY > window.innerHeight * 1.2); };
    window.addEventListener('scroll', float, { passive: true });
    float();
  }
})();
