/* Reading a player's YAML file back into the builder page: the plain part of YAML that such files are written in
   (the page's own saves and hand-written lists alike): block mappings and lists, lists and mappings written on one
   line or over several ([a, b], {key: value}), plain, single- and double-quoted scalars, numbers, true and false,
   null, comments. Anything else (anchors, tags, folded or literal text, several documents) is refused with its line,
   as is a key given twice; the command line reads any YAML and says the same of a broken file. */
(function () {
  'use strict';
  var kit = window.PnpBuilder;
  if (!kit) { return; }

  function YamlError(message, line) { this.message = 'line ' + line + ': ' + message; this.line = line; }

  /* The lines with their indentation, comments and blank lines left out. */
  function lines(text) {
    var found = [];
    text.replace(/\r\n?/g, '\n').split('\n').forEach(function (raw, index) {
      if (/\t/.test(raw.match(/^\s*/)[0])) { throw new YamlError('a tab in the indentation', index + 1); }
      var body = stripComment(raw);
      if (!body.trim()) { return; }
      if (/^(---|\.\.\.)\s*$/.test(body)) {
        if (found.length) { throw new YamlError('one document per file', index + 1); }
        return;
      }
      found.push({ indent: body.length - body.replace(/^ +/, '').length, text: body.trim(), line: index + 1 });
    });
    return found;
  }

  /* A line without its comment (a # at the start or after a space, outside quotes). */
  function stripComment(raw) {
    var quote = null;
    for (var i = 0; i < raw.length; i += 1) {
      var c = raw[i];
      if (quote) {
        if (c === '\\' && quote === '"') { i += 1; } else if (c === quote) { quote = null; }
      } else if (c === '"' || c === "'") {
        quote = c;
      } else if (c === '#' && (i === 0 || /\s/.test(raw[i - 1]))) {
        return raw.slice(0, i).replace(/\s+$/, '');
      }
    }
    return raw.replace(/\s+$/, '');
  }

  /* The position of a mapping's ': ' (or final ':') outside quotes and brackets, or -1. */
  function colon(text) {
    var quote = null;
    var depth = 0;
    for (var i = 0; i < text.length; i += 1) {
      var c = text[i];
      if (quote) {
        if (c === '\\' && quote === '"') { i += 1; } else if (c === quote) { quote = null; }
      } else if (c === '"' || c === "'") {
        quote = c;
      } else if (c === '[' || c === '{') {
        depth += 1;
      } else if (c === ']' || c === '}') {
        depth -= 1;
      } else if (c === ':' && depth === 0 && (i + 1 === text.length || text[i + 1] === ' ')) {
        return i;
      }
    }
    return -1;
  }

  function scalar(text, line) {
    if (/^[&*!|>%@`]/.test(text)) { throw new YamlError('this page reads plain YAML: no anchors, tags or block text', line); }
    if (text[0] === '"') {
      try { return JSON.parse(text); } catch (e) { throw new YamlError('a double-quoted text that does not end', line); }
    }
    if (text[0] === "'") {
      if (text.length < 2 || text[text.length - 1] !== "'") { throw new YamlError('a quoted text that does not end', line); }
      return text.slice(1, -1).split("''").join("'");
    }
    if (/^[-+]?\d+$/.test(text)) { return parseInt(text, 10); }
    if (/^[-+]?(\d+\.\d*|\.\d+)$/.test(text)) { return parseFloat(text); }
    if (/^(true|True|TRUE)$/.test(text)) { return true; }
    if (/^(false|False|FALSE)$/.test(text)) { return false; }
    if (/^(null|Null|NULL|~)?$/.test(text)) { return null; }
    return text;
  }

  /* A value written on one line or over several: [..] and {..} with their insides, else a scalar. */
  function flow(text, line) {
    var at = 0;
    function space() { while (at < text.length && /\s/.test(text[at])) { at += 1; } }
    function value(stops) {
      space();
      var c = text[at];
      if (c === '[') {
        at += 1;
        var list = [];
        space();
        if (text[at] === ']') { at += 1; return list; }
        for (;;) {
          list.push(value(',]'));
          space();
          if (text[at] === ',') { at += 1; space(); if (text[at] === ']') { at += 1; return list; } continue; }
          if (text[at] === ']') { at += 1; return list; }
          throw new YamlError('a list that does not close', line);
        }
      }
      if (c === '{') {
        at += 1;
        var map = {};
        space();
        if (text[at] === '}') { at += 1; return map; }
        for (;;) {
          var key = value(':,}');
          space();
          if (text[at] !== ':') { throw new YamlError('expected key: value inside { }', line); }
          at += 1;
          if (Object.prototype.hasOwnProperty.call(map, key)) { throw new YamlError("the key '" + key + "' twice", line); }
          map[key] = value(',}');
          space();
          if (text[at] === ',') { at += 1; space(); if (text[at] === '}') { at += 1; return map; } continue; }
          if (text[at] === '}') { at += 1; return map; }
          throw new YamlError('a mapping that does not close', line);
        }
      }
      var start = at;
      if (c === '"' || c === "'") {
        at += 1;
        while (at < text.length && text[at] !== c) { at += text[at] === '\\' && c === '"' ? 2 : 1; }
        at += 1;
        if (c === "'") { while (text[at] === "'") { at += 1; while (at < text.length && text[at] !== "'") { at += 1; } at += 1; } }
      } else {
        while (at < text.length && stops.indexOf(text[at]) < 0) {
          if (text[at] === ':' && stops.indexOf(':') >= 0 && !/\s|$/.test(text[at + 1] || '')) { at += 1; continue; }
          at += 1;
        }
      }
      return scalar(text.slice(start, at).trim(), line);
    }
    var result = value('');
    space();
    if (at < text.length) { throw new YamlError('unexpected text after a value: ' + text.slice(at), line); }
    return result;
  }

  function balanced(text) {
    var depth = 0;
    var quote = null;
    for (var i = 0; i < text.length; i += 1) {
      var c = text[i];
      if (quote) { if (c === '\\' && quote === '"') { i += 1; } else if (c === quote) { quote = null; } }
      else if (c === '"' || c === "'") { quote = c; }
      else if (c === '[' || c === '{') { depth += 1; }
      else if (c === ']' || c === '}') { depth -= 1; }
    }
    return depth <= 0;
  }

  function Reader(all) { this.all = all; this.at = 0; }
  Reader.prototype.peek = function () { return this.all[this.at]; };

  /* An inline value, joined with the lines that continue an open [ or {. */
  Reader.prototype.inline = function (text, line) {
    while (!balanced(text) && this.peek()) { text += ' ' + this.all[this.at].text; this.at += 1; }
    return flow(text, line);
  };

  Reader.prototype.block = function (indent) {
    var first = this.peek();
    if (!first || first.indent < indent) { return null; }
    return /^-( |$)/.test(first.text) ? this.sequence(first.indent) : this.mapping(first.indent);
  };

  Reader.prototype.sequence = function (indent) {
    var list = [];
    for (var next = this.peek(); next && next.indent === indent && /^-( |$)/.test(next.text); next = this.peek()) {
      var rest = next.text.slice(1).trim();
      this.at += 1;
      if (!rest) {
        list.push(this.block(indent + 1));
      } else if (rest[0] !== '[' && rest[0] !== '{' && colon(rest) > 0) {
        this.at -= 1;  /* "- key: value" starts a mapping indented to its key */
        this.all[this.at] = { indent: indent + next.text.indexOf(rest), text: rest, line: next.line };
        list.push(this.mapping(this.all[this.at].indent));
      } else {
        list.push(this.inline(rest, next.line));
      }
    }
    this.deeper(indent);
    return list;
  };

  Reader.prototype.mapping = function (indent) {
    var map = {};
    for (var next = this.peek(); next && next.indent === indent; next = this.peek()) {
      if (/^-( |$)/.test(next.text)) { throw new YamlError('a list item where a key was expected', next.line); }
      var split = colon(next.text);
      if (split <= 0) { throw new YamlError('expected key: value', next.line); }
      var key = scalar(next.text.slice(0, split).trim(), next.line);
      if (Object.prototype.hasOwnProperty.call(map, key)) { throw new YamlError("the key '" + key + "' twice", next.line); }
      var rest = next.text.slice(split + 1).trim();
      this.at += 1;
      if (rest) {
        map[key] = this.inline(rest, next.line);
      } else {
        var below = this.peek();
        if (below && below.indent === indent && /^-( |$)/.test(below.text)) {
          map[key] = this.sequence(indent);
        } else {
          map[key] = below && below.indent > indent ? this.block(below.indent) : null;
        }
      }
    }
    this.deeper(indent);
    return map;
  };

  /* A line indented deeper than the block that just ended belongs nowhere. */
  Reader.prototype.deeper = function (indent) {
    var next = this.peek();
    if (next && next.indent > indent) { throw new YamlError('a line indented more than its block', next.line); }
  };

  /* The document's value; a YamlError (with its line) for what this reader refuses. */
  function readYaml(text) {
    var reader = new Reader(lines(text));
    var first = reader.peek();
    if (!first) { return null; }
    var value = reader.block(first.indent);
    if (reader.peek()) { throw new YamlError('a line indented less than the first', reader.peek().line); }
    return value;
  }

  kit.readYaml = readYaml;
  kit.YamlError = YamlError;
})();
