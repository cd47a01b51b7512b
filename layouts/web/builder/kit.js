/* The shared kit of the builder pages, for the game package's script that draws the form: the data embedded in the
   page, its words, elements made with their text as text (never as HTML), YAML written from plain values, a file
   saved from the browser (a download: nothing leaves the computer), the findings box and the points. Nothing here
   knows a game; nothing is fetched, so the page works from file://. */
(function () {
  'use strict';
  var holder = document.getElementById('wb-builder-data');
  var root = document.getElementById('wb-builder');
  if (!holder || !root) { return; }
  var data = JSON.parse(holder.textContent);

  /* A word of the page in its language; {n} is filled in. */
  function word(key, n) {
    var text = Object.prototype.hasOwnProperty.call(data.words, 'builder_' + key) ? data.words['builder_' + key] : key;
    return n === undefined ? text : text.split('{n}').join(String(n));
  }

  /* One word of a pair by count: key_one for one, key_many otherwise. */
  function counted(key, n) { return word(key + (n === 1 ? '_one' : '_many'), n); }

  /* An element: attributes as given (event handlers are added by the caller, never as text), children as nodes or
     as text. */
  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      var value = attributes[name];
      if (value === false || value === null || value === undefined) { return; }
      if (name === 'text') { node.textContent = String(value); return; }
      node.setAttribute(name, value === true ? '' : String(value));
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined || child === false) { return; }
      node.appendChild(typeof child === 'string' || typeof child === 'number' ?
        document.createTextNode(String(child)) : child);
    });
    return node;
  }

  /* A select: options as [value, label] pairs, the current value chosen. */
  function select(attributes, options, value) {
    var node = el('select', attributes);
    options.forEach(function (option) {
      var choice = el('option', { value: option[0], text: option[1] });
      if (String(option[0]) === String(value)) { choice.selected = true; }
      node.appendChild(choice);
    });
    return node;
  }

  var KEYWORDS = /^(true|false|yes|no|on|off|null|~|y|n)$/i;
  var PLAIN = /^[A-Za-z][A-Za-z0-9 _.\/-]*$/;

  /* A scalar as YAML: plain when it cannot be read as anything else, else quoted (JSON's quoting is YAML's). */
  function scalar(value) {
    if (typeof value === 'number' || typeof value === 'boolean') { return String(value); }
    if (value === null || value === undefined) { return 'null'; }
    var text = String(value);
    return PLAIN.test(text) && !KEYWORDS.test(text) && text.trim() === text && text.indexOf(': ') < 0 &&
      text.indexOf(' #') < 0 ? text : JSON.stringify(text);
  }

  function isScalar(value) { return value === null || typeof value !== 'object'; }

  /* Plain values (mappings, lists, strings, numbers) as a YAML document: mappings in block style in the order
     given, a list of scalars on one line, a list of mappings one item a line group. */
  function yaml(value, indent) {
    indent = indent || '';
    var lines = [];
    if (Array.isArray(value)) {
      value.forEach(function (item) {
        if (isScalar(item)) { lines.push(indent + '- ' + scalar(item)); return; }
        var inner = yaml(item, indent + '  ').split('\n');
        lines.push(indent + '- ' + inner[0].slice(indent.length + 2));
        lines = lines.concat(inner.slice(1));
      });
      return lines.join('\n');
    }
    Object.keys(value).forEach(function (key) {
      var item = value[key];
      if (item === undefined) { return; }
      if (isScalar(item)) {
        lines.push(indent + key + ': ' + scalar(item));
      } else if (Array.isArray(item) && item.every(isScalar)) {
        lines.push(indent + key + ': [' + item.map(scalar).join(', ') + ']');
      } else if (Array.isArray(item)) {
        lines.push(indent + key + ':');
        lines.push(yaml(item, indent + '  '));
      } else if (Object.keys(item).length === 0) {
        lines.push(indent + key + ': {}');
      } else {
        lines.push(indent + key + ':');
        lines.push(yaml(item, indent + '  '));
      }
    });
    return lines.join('\n');
  }

  /* Save text as a file: the browser's download of a Blob, which works from file:// too. */
  function save(text, fileName) {
    var blob = new Blob([text], { type: 'application/x-yaml' });
    var link = el('a', { href: URL.createObjectURL(blob), download: fileName });
    document.body.appendChild(link);
    link.click();
    window.setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 0);
  }

  /* The findings box: a count line and one entry a finding (severity, where in the file, the sentence). A finding
     whose place has a control on the page (``target(where)`` gives its id) links to it. */
  function showFindings(box, findings, target) {
    var errors = findings.filter(function (f) { return f.severity === 'error'; }).length;
    var warnings = findings.filter(function (f) { return f.severity === 'warning'; }).length;
    var parts = [];
    if (errors) { parts.push(counted('errors', errors)); }
    if (warnings) { parts.push(counted('warnings', warnings)); }
    box.replaceChildren(el('p', { class: 'wb-builder-count', 'data-errors': errors, 'data-warnings': warnings,
                                  text: parts.length ? parts.join(', ') : word('clean') }));
    if (!findings.length) { return; }
    box.appendChild(el('ul', { class: 'wb-builder-findings' }, findings.map(function (finding) {
      return el('li', { class: 'wb-builder-' + finding.severity, 'data-rule': finding.rule || '',
                        'data-where': finding.where || '' }, [
        el('span', { class: 'wb-builder-severity', text: word(finding.severity) }), ' ',
        finding.where ? place(finding.where, target) : null,
        finding.where ? ' ' : null,
        el('span', { class: 'wb-builder-message', text: finding.message })]);
    })));
  }

  /* A finding's place in the file, as a link to its control when the page has one. */
  function place(where, target) {
    var code = el('code', { class: 'wb-builder-where', text: where });
    var id = target ? target(where) : null;
    if (!id || !document.getElementById(id)) { return code; }
    var link = el('a', { href: '#' + id, class: 'wb-builder-goto' }, [code]);
    link.addEventListener('click', function (event) {
      event.preventDefault();
      var control = document.getElementById(id);
      control.scrollIntoView({ block: 'center' });
      control.focus();
    });
    return link;
  }


  window.PnpBuilder = { data: data, root: root, word: word, counted: counted, el: el, select: select, yaml: yaml,
                        scalar: scalar, save: save, showFindings: showFindings };
})();
