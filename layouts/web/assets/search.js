/* Search over the rules, the glossary, the cards and the examples. The documents come from search-index.js
   (window.PNPFORGE_SEARCH, written by pnpforge); MiniSearch (vendor/minisearch) indexes them when the page
   opens. The query is kept in the address (?q=...), so a result list can be linked and reloaded. */
(function () {
  'use strict';
  var data = window.PNPFORGE_SEARCH;
  var form = document.querySelector('[data-wb-search]');
  if (!data || !form || typeof MiniSearch === 'undefined') { return; }
  var input = document.getElementById('wb-search-page-input');
  var list = document.getElementById('wb-results');
  var status = document.getElementById('wb-search-status');
  var boostKind = data.fields.kind_boost || {};
  var index = new MiniSearch({
    fields: data.fields.fields,
    storeFields: ['title', 'url', 'kind', 'snippet', 'context'],
    searchOptions: {
      boost: data.fields.boost,
      prefix: function (term) { return term.length > 2; },
      fuzzy: function (term) { return term.length > 4 ? 0.2 : 0; },
      combineWith: 'AND',
      boostDocument: function (id, term, stored) { return (stored && boostKind[stored.kind]) || 1; }
    }
  });
  index.addAll(data.documents);

  function words(template, values) {
    return template.replace('{q}', values.q).replace('{n}', values.n);
  }

  function show(query) {
    var q = query.trim();
    list.textContent = '';
    if (!q) {
      status.textContent = form.getAttribute('data-hint');
      return;
    }
    var results = index.search(q);
    if (!results.length) {
      results = index.search(q, { combineWith: 'OR' });
    }
    var template = results.length === 0 ? 'data-none' : (results.length === 1 ? 'data-one' : 'data-some');
    status.textContent = words(form.getAttribute(template), { q: q, n: results.length });
    results.slice(0, 60).forEach(function (result) {
      var item = document.createElement('li');
      item.className = 'wb-result';
      var link = document.createElement('a');
      link.href = result.url;
      link.textContent = result.title;
      var kind = document.createElement('span');
      kind.className = 'wb-kind';
      kind.textContent = result.kind;
      var heading = document.createElement('p');
      heading.className = 'wb-result-title';
      heading.appendChild(link);
      heading.appendChild(document.createTextNode(' '));
      heading.appendChild(kind);
      item.appendChild(heading);
      if (result.context) {
        var context = document.createElement('p');
        context.className = 'wb-result-context';
        context.textContent = result.context;
        item.appendChild(context);
      }
      if (result.snippet) {
        var text = document.createElement('p');
        text.className = 'wb-result-text';
        text.textContent = result.snippet;
        item.appendChild(text);
      }
      list.appendChild(item);
    });
  }

  function remember(q) {
    var address = window.location.pathname + (q ? '?q=' + encodeURIComponent(q) : '');
    history.replaceState(null, '', address);
  }

  var timer = null;
  input.addEventListener('input', function () {
    window.clearTimeout(timer);
    timer = window.setTimeout(function () { show(input.value); remember(input.value.trim()); }, 120);
  });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    show(input.value);
    remember(input.value.trim());
  });
  var start = new URLSearchParams(window.location.search).get('q') || '';
  input.value = start;
  var header = document.getElementById('wb-q');
  if (header) { header.value = start; }
  show(start);
  if (!start) { input.focus(); }
})();
