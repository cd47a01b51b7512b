/* Search over the rules, the glossary, the cards and the examples. The documents come from search-index.js
   (window.PNPFORGE_SEARCH, written by pnpforge); MiniSearch (vendor/minisearch) indexes them when the page
   opens. Results come in groups by kind (rules, glossary, cards, examples; the group of the best result first),
   each with a snippet of its text around the first word found and every word found marked. The query is kept
   in the address (?q=...), so a result list can be linked and reloaded. Every word shown comes from the page
   (its data attributes) or from the index, in the site's language. */
(function () {
  'use strict';
  var data = window.PNPFORGE_SEARCH;
  var form = document.querySelector('[data-wb-search]');
  if (!data || !form || typeof MiniSearch === 'undefined') { return; }
  var input = document.getElementById('wb-search-page-input');
  var list = document.getElementById('wb-results');
  var status = document.getElementById('wb-search-status');
  var boostKind = data.fields.kind_boost || {};
  var SNIPPET = 200;
  var LIMIT = 60;
  var index = new MiniSearch({
    fields: data.fields.fields,
    storeFields: ['title', 'url', 'kind', 'context', 'text'],
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

  function pattern(terms) {
    var escaped = terms.filter(function (t) { return t.length > 0; })
      .sort(function (a, b) { return b.length - a.length; })
      .map(function (t) { return t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'); });
    return escaped.length ? new RegExp('(' + escaped.join('|') + ')', 'giu') : null;
  }

  /* Text with every match of the pattern in <mark>, as DOM nodes (the text is never parsed as HTML). */
  function marked(parent, text, found) {
    if (!found) { parent.appendChild(document.createTextNode(text)); return; }
    var last = 0;
    text.replace(found, function (match, group, offset) {
      parent.appendChild(document.createTextNode(text.slice(last, offset)));
      var mark = document.createElement('mark');
      mark.textContent = match;
      parent.appendChild(mark);
      last = offset + match.length;
      return match;
    });
    parent.appendChild(document.createTextNode(text.slice(last)));
  }

  /* The part of a text around its first match, cut at words. */
  function around(text, found) {
    if (!text) { return ''; }
    if (text.length <= SNIPPET) { return text; }
    var at = -1;
    if (found) {
      found.lastIndex = 0;
      var first = found.exec(text);
      found.lastIndex = 0;
      at = first ? first.index : -1;
    }
    var start = Math.max(0, at - 60);
    if (start > 0) {
      var space = text.indexOf(' ', start);
      start = space >= 0 && space < at ? space + 1 : start;
    }
    var end = Math.min(text.length, start + SNIPPET);
    if (end < text.length) {
      var cut = text.lastIndexOf(' ', end);
      end = cut > start ? cut : end;
    }
    return (start > 0 ? '… ' : '') + text.slice(start, end) + (end < text.length ? ' …' : '');
  }

  function entry(result, found) {
    var item = document.createElement('li');
    item.className = 'wb-result';
    item.setAttribute('data-kind', result.kind);
    var heading = document.createElement('p');
    heading.className = 'wb-result-title';
    var link = document.createElement('a');
    link.href = result.url;
    marked(link, result.title, found);
    heading.appendChild(link);
    item.appendChild(heading);
    if (result.context) {
      var context = document.createElement('p');
      context.className = 'wb-result-context';
      context.textContent = result.context;
      item.appendChild(context);
    }
    var snippet = around(result.text || '', found);
    if (snippet) {
      var text = document.createElement('p');
      text.className = 'wb-result-text';
      marked(text, snippet, found);
      item.appendChild(text);
    }
    return item;
  }

  var shown = null;  // the query the list shows: the same query is not drawn again under a reader's pointer

  function show(query) {
    var q = query.trim();
    if (q === shown) { return; }
    shown = q;
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
    var groups = {};
    var order = [];
    results.slice(0, LIMIT).forEach(function (result) {  /* the group of the best result comes first */
      if (!groups[result.kind]) { groups[result.kind] = []; order.push(result.kind); }
      groups[result.kind].push(result);
    });
    order.forEach(function (kind, number) {
      var section = document.createElement('section');
      section.className = 'wb-result-group';
      var title = document.createElement('h3');
      title.id = 'wb-result-group-' + number;
      title.textContent = kind + ' ';
      var count = document.createElement('span');
      count.className = 'wb-count';
      count.textContent = String(groups[kind].length);
      title.appendChild(count);
      section.setAttribute('aria-labelledby', title.id);
      section.appendChild(title);
      var items = document.createElement('ol');
      items.className = 'wb-result-list';
      groups[kind].forEach(function (result) {
        var terms = (result.terms || []).concat(result.queryTerms || []);
        items.appendChild(entry(result, pattern(terms)));
      });
      section.appendChild(items);
      list.appendChild(section);
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
    window.clearTimeout(timer);
    show(input.value);
    remember(input.value.trim());
  });
  var start = new URLSearchParams(window.location.search).get('q') || '';
  input.value = start;
  show(start);
  if (!start) { input.focus(); }
})();
