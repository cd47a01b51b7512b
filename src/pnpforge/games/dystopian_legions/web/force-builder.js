/* The force builder of the Dystopian Legions web rulebook: a form over one force list, kept as the very values the
   list file holds (nation, mfv, platoons with their HQ and sections, strategic forces, the TAC deck). Every change
   redraws the form, the points and the findings (force-rules.js, the same rule data as `pnpforge validate --list`);
   the list is saved as that YAML file and printed as a roster (force-roster.js). Pack text is shown as text, never
   as HTML. */
(function () {
  'use strict';
  var kit = window.PnpBuilder;
  var reading = window.PnpForceList;
  var rules = window.PnpForceRules;
  var roster = window.PnpForceRoster;
  if (!kit || !reading || !rules || !roster) { return; }
  var el = kit.el;
  var word = kit.word;
  var game = kit.data.game;
  var sections = reading.index(game.sections);
  var models = reading.index(game.models);
  var tacs = reading.index(game.tacs);
  var deckSize = game.parameters.tac_deck_size || 12;
  var FREE = { transport: true, sidekick: true };

  var list = emptyList();
  var fileName = 'my-force.yaml';
  var result = null;
  var read = {};  /* the sections as the rules read them, by their path in the list */

  function emptyList() {
    var nation = game.nations.length ? game.nations[0].id : '';
    return { nation: nation, mfv: 1250, platoons: [{ hq: null, sections: [] }], strategic: [], tacs: [] };
  }

  /* --- what the list holds, as its file writes it ---------------------------------------------------------------- */
  function fresh(sectionId) { return { section: sectionId }; }

  function size(entry, section) {
    return entry.models !== undefined && entry.models !== null ? entry.models : reading.listedSize(section);
  }

  function setSize(entry, section, count) {
    if (count === reading.listedSize(section)) { delete entry.models; } else { entry.models = count; }
  }

  function upgradeCount(entry, optionId) {
    return (entry.upgrades || []).filter(function (u) { return u.upgrade === optionId; })
      .reduce(function (total, u) { return total + (u.count === undefined ? 1 : u.count); }, 0);
  }

  function setUpgrade(entry, option, count) {
    var others = (entry.upgrades || []).filter(function (u) { return u.upgrade !== option.id; });
    if (count > 0) { others.push(count === 1 ? { upgrade: option.id } : { upgrade: option.id, count: count }); }
    if (others.length) { entry.upgrades = others; } else { delete entry.upgrades; }
  }

  function setFlag(entry, key, on) { if (on) { entry[key] = true; } else { delete entry[key]; } }

  /* Strategic Forces: an entry is held back by the strategic item of its platoon and section id whose turn it is
     (the first such item holds the first such section, and so on). */
  function deployOf(p, entry) {
    var platoon = list.platoons[p];
    var nth = platoon.sections.filter(function (e) { return e.section === entry.section; }).indexOf(entry);
    var held = (list.strategic || []).filter(function (s) {
      return (s.platoon || 1) === p + 1 && s.section === entry.section;
    });
    return held[nth] ? held[nth].deploy : 'table';
  }

  function setDeploy(p, entry, deploy) {
    var platoon = list.platoons[p];
    var choices = platoon.sections.filter(function (e) { return e.section === entry.section; })
      .map(function (e) { return e === entry ? deploy : deployOf(p, e); });
    var others = (list.strategic || []).filter(function (s) {
      return !((s.platoon || 1) === p + 1 && s.section === entry.section);
    });
    choices.forEach(function (choice) {
      if (choice !== 'table') {
        others.push(p === 0 ? { section: entry.section, deploy: choice } :
          { platoon: p + 1, section: entry.section, deploy: choice });
      }
    });
    list.strategic = others;
  }

  function pointsOf(where) { return read[where] ? read[where].points : 0; }
  function pathOf(p, at) { return at === null ? 'platoons[' + p + '].hq' : 'platoons[' + p + '].sections[' + at + ']'; }

  /* --- drawing --------------------------------------------------------------------------------------------------- */
  function label(text, forId) { return el('label', { for: forId, text: text }); }

  function sectionChoices(slotFilter) {
    return game.sections.filter(function (s) {
      return s.nation === list.nation && slotFilter(s.slot);
    }).map(function (s) {
      return [s.id, s.name + ' (' + word('slot_' + s.slot) + ', ' + s.points + ' ' + word('points_short') + ')'];
    });
  }

  function entryRow(entry, platoonIndex, at, id, remove) {
    var where = pathOf(platoonIndex, at);
    var section = sections[entry.section];
    var row = el('div', { class: 'wb-builder-entry', 'data-where': where });
    var head = el('div', { class: 'wb-builder-entry-head' }, [
      el('span', { class: 'wb-builder-entry-name', text: section ? section.name : entry.section }),
      el('span', { class: 'wb-builder-entry-points', text: reading.shown(pointsOf(where)) + ' ' +
                   word('points_short') })]);
    if (remove) {
      var button = el('button', { type: 'button', id: id + '-remove', class: 'wb-builder-remove',
                                  'aria-label': word('remove') + ': ' + (section ? section.name : entry.section),
                                  text: word('remove') });
      button.addEventListener('click', remove);
      head.appendChild(button);
    }
    row.appendChild(head);
    if (!section) { return row; }
    var controls = el('div', { class: 'wb-builder-controls' });
    var low = reading.listedSize(section);
    var high = reading.reinforcement(section) ? section.max_models : low;
    if (high > low || size(entry, section) !== low) {
      var count = el('input', { type: 'number', id: id + '-models', min: low, max: high, value: size(entry, section),
                                inputmode: 'numeric' });
      count.addEventListener('change', function () {
        setSize(entry, section, Math.max(1, parseInt(count.value, 10) || low));
        update();
      });
      controls.appendChild(el('div', { class: 'wb-builder-field' }, [label(word('models'), id + '-models'), count]));
    }
    (section.options || []).filter(function (o) { return o.kind !== 'reinforce'; }).forEach(function (option) {
      var optionId = id + '-o-' + option.id;
      var name = (models[option.model] ? models[option.model].name : option.id) + ' (+' + option.points + ')';
      var field = el('div', { class: 'wb-builder-field' });
      if (option.max === 1) {
        var box = el('input', { type: 'checkbox', id: optionId });
        box.checked = upgradeCount(entry, option.id) > 0;
        box.addEventListener('change', function () { setUpgrade(entry, option, box.checked ? 1 : 0); update(); });
        field.appendChild(box);
        field.appendChild(label(name, optionId));
      } else {
        var n = el('input', { type: 'number', id: optionId, min: 0, max: option.max,
                              value: upgradeCount(entry, option.id), inputmode: 'numeric' });
        n.addEventListener('change', function () {
          setUpgrade(entry, option, Math.max(0, parseInt(n.value, 10) || 0));
          update();
        });
        field.appendChild(label(name, optionId));
        field.appendChild(n);
      }
      controls.appendChild(field);
    });
    (section.transports || []).forEach(function (transportId) {
      var transport = sections[transportId];
      if (!transport) { return; }
      var boxId = id + '-t-' + transportId;
      var box = el('input', { type: 'checkbox', id: boxId });
      box.checked = entry.transport === transportId;
      box.addEventListener('change', function () {
        if (box.checked) { entry.transport = transportId; } else { delete entry.transport; }
        update();
      });
      controls.appendChild(el('div', { class: 'wb-builder-field' }, [
        box, label(transport.name + ' (+' + transport.points + ')', boxId)]));
    });
    var seniorId = id + '-senior';
    var senior = el('input', { type: 'checkbox', id: seniorId });
    senior.checked = Boolean(entry.senior);
    senior.addEventListener('change', function () { setFlag(entry, 'senior', senior.checked); update(); });
    controls.appendChild(el('div', { class: 'wb-builder-field' }, [senior, label(word('senior'), seniorId)]));
    if (platoonIndex !== null && at !== null) {
      var deployId = id + '-deploy';
      var deploy = kit.select({ id: deployId }, ['table', 'reserve', 'flank'].map(function (d) {
        return [d, word('deploy_' + d)];
      }), deployOf(platoonIndex, entry));
      deploy.addEventListener('change', function () { setDeploy(platoonIndex, entry, deploy.value); update(); });
      controls.appendChild(el('div', { class: 'wb-builder-field' }, [label(word('deploy'), deployId), deploy]));
    }
    row.appendChild(controls);
    return row;
  }

  function platoonBox(platoon, index) {
    var id = 'wb-p' + index;
    var box = el('section', { class: 'wb-builder-platoon', 'aria-labelledby': id + '-title' });
    var title = el('h3', { id: id + '-title', text: word('platoon') + ' ' + (index + 1) });
    var head = el('div', { class: 'wb-builder-platoon-head' }, [title]);
    if (list.platoons.length > 1) {
      var remove = el('button', { type: 'button', id: id + '-remove', class: 'wb-builder-remove',
                                  'aria-label': word('remove') + ': ' + title.textContent, text: word('remove') });
      remove.addEventListener('click', function () { list.platoons.splice(index, 1); update(); });
      head.appendChild(remove);
    }
    box.appendChild(head);
    /* the HQ */
    var hqId = id + '-hq';
    var hqChoices = [['', word('none')]].concat(sectionChoices(function (slot) { return slot === 'hq'; }));
    var current = platoon.hq ? platoon.hq.section : '';
    if (!hqChoices.some(function (choice) { return choice[0] === current; })) {
      hqChoices.push([current, sections[current] ? sections[current].name : current]);  /* as a file gave it */
    }
    var hqChoice = kit.select({ id: hqId }, hqChoices, current);
    hqChoice.addEventListener('change', function () { platoon.hq = hqChoice.value ? fresh(hqChoice.value) : null; update(); });
    box.appendChild(el('div', { class: 'wb-builder-field wb-builder-hq' }, [label(word('hq'), hqId), hqChoice]));
    if (platoon.hq) { box.appendChild(entryRow(platoon.hq, index, null, hqId + 'e', null)); }
    /* its sections */
    platoon.sections.forEach(function (entry, at) {
      box.appendChild(entryRow(entry, index, at, id + '-s' + at, function () {
        if (deployOf(index, entry) !== 'table') { setDeploy(index, entry, 'table'); }
        platoon.sections.splice(at, 1);
        update();
      }));
    });
    var addId = id + '-add';
    var add = kit.select({ id: addId }, [['', '']].concat(sectionChoices(function (slot) {
      return slot !== 'hq' && !FREE[slot];
    })), '');
    var addButton = el('button', { type: 'button', id: addId + '-button', text: word('add') });
    addButton.addEventListener('click', function () {
      if (!add.value) { return; }
      platoon.sections.push(fresh(add.value));
      update(addId);
    });
    box.appendChild(el('div', { class: 'wb-builder-field wb-builder-add' }, [
      label(word('add_section'), addId), add, addButton]));
    return box;
  }

  function deckBox() {
    var box = el('section', { class: 'wb-builder-deck', 'aria-labelledby': 'wb-deck-title' });
    box.appendChild(el('h2', { id: 'wb-deck-title', text: word('deck') }));
    var groups = {};
    game.tacs.forEach(function (tac) {
      if (tac.nation !== 'generic' && tac.nation !== list.nation) { return; }
      (groups[tac.kind] = groups[tac.kind] || []).push(tac);
    });
    var listNode = el('ol', { class: 'wb-builder-cards' });
    for (var at = 0; at < deckSize; at += 1) {
      var cardId = 'wb-tac-' + at;
      var choice = el('select', { id: cardId });
      choice.appendChild(el('option', { value: '', text: word('none') }));
      Object.keys(groups).forEach(function (kind) {
        var group = el('optgroup', { label: word('kind_' + kind) });
        groups[kind].forEach(function (tac) {
          group.appendChild(el('option', { value: tac.id, text: tac.name + ' (' + tac.cp + ' CP)' }));
        });
        choice.appendChild(group);
      });
      var current = list.tacs[at] || '';
      if (current && !tacs[current]) { choice.appendChild(el('option', { value: current, text: current })); }
      if (current && tacs[current] && tacs[current].nation !== 'generic' && tacs[current].nation !== list.nation) {
        choice.appendChild(el('option', { value: current, text: tacs[current].name }));
      }
      choice.value = current;
      choice.addEventListener('change', (function (index, node) {
        return function () {
          var deck = list.tacs.slice();
          while (deck.length < index) { deck.push(''); }
          deck[index] = node.value;
          while (deck.length && !deck[deck.length - 1]) { deck.pop(); }
          list.tacs = deck;
          update();
        };
      })(at, choice));
      listNode.appendChild(el('li', {}, [label(word('card') + ' ' + (at + 1), cardId), choice]));
    }
    box.appendChild(listNode);
    return box;
  }

  function pointsTable(result) {
    var rows = result.entries.map(function (entry) {
      return el('tr', {}, [el('td', { text: entry.platoon + 1 }),
                           el('td', { text: entry.unit ? entry.unit.name : entry.section }),
                           el('td', { class: 'wb-num', text: reading.shown(entry.points) })]);
    });
    return el('table', { class: 'wb-builder-points' }, [
      el('caption', { text: word('points_by_section') }),
      el('thead', {}, [el('tr', {}, [el('th', { scope: 'col', text: word('platoon') }),
                                     el('th', { scope: 'col', text: word('section') }),
                                     el('th', { scope: 'col', class: 'wb-num', text: word('points') })])]),
      el('tbody', {}, rows),
      el('tfoot', {}, [el('tr', {}, [el('th', { scope: 'row', colspan: 2, text: word('total') }),
                                     el('td', { class: 'wb-num', text: reading.shown(result.total) + ' / ' +
                                                list.mfv })])])]);
  }

  /* --- the page -------------------------------------------------------------------------------------------------- */
  var toolbar = el('div', { class: 'wb-builder-toolbar' });
  var form = el('form', { class: 'wb-builder-form', 'aria-label': word('list') });
  form.addEventListener('submit', function (event) { event.preventDefault(); });
  var summary = el('div', { class: 'wb-builder-summary', role: 'status', 'aria-live': 'polite' });
  var findingsBox = el('section', { class: 'wb-builder-checks', 'aria-labelledby': 'wb-checks-title' });
  var pointsBox = el('div', { class: 'wb-builder-points-box' });
  var rosterBox = el('div', { class: 'wb-roster-box' });
  kit.root.replaceChildren(toolbar, summary, el('div', { class: 'wb-builder-columns' }, [
    form, el('div', { class: 'wb-builder-side' }, [findingsBox, pointsBox])]), rosterBox);

  function drawToolbar() {
    var starts = [['', word('empty')]].concat((game.starters || []).map(function (s, i) { return [String(i), s.name]; }));
    var start = kit.select({ id: 'wb-start' }, starts, '');
    var load = el('button', { type: 'button', id: 'wb-start-button', text: word('load') });
    load.addEventListener('click', function () {
      var chosen = start.value === '' ? emptyList() : JSON.parse(JSON.stringify(game.starters[+start.value].list));
      fileName = start.value === '' ? 'my-force.yaml' : game.starters[+start.value].file;
      loadList(chosen);
    });
    var opener = el('input', { type: 'file', id: 'wb-open', accept: '.yaml,.yml,application/x-yaml,text/yaml' });
    opener.addEventListener('change', function () {
      var file = opener.files && opener.files[0];
      if (!file) { return; }
      var reader = new FileReader();
      reader.onload = function () {
        try {
          var values = kit.readYaml(String(reader.result));
          if (!values || typeof values !== 'object' || Array.isArray(values)) {
            throw new kit.YamlError(word('not_a_list'), 1);
          }
          fileName = file.name;
          nameInput.value = fileName;
          problem.textContent = '';
          loadList(values);
        } catch (error) {
          if (!(error instanceof kit.YamlError)) { throw error; }
          problem.textContent = file.name + ': ' + error.message;
        }
        opener.value = '';
      };
      reader.readAsText(file);
    });
    var problem = el('p', { class: 'wb-builder-problem', role: 'alert' });
    var nameInput = el('input', { type: 'text', id: 'wb-file-name', value: fileName, autocomplete: 'off' });
    nameInput.addEventListener('change', function () { fileName = nameInput.value.trim() || 'my-force.yaml'; });
    var saveButton = el('button', { type: 'button', id: 'wb-save', text: word('save') });
    saveButton.addEventListener('click', function () {
      var name = /\.ya?ml$/i.test(fileName) ? fileName : fileName + '.yaml';
      kit.save(listYaml(), name);
    });
    var printButton = el('button', { type: 'button', id: 'wb-print', text: word('print') });
    printButton.addEventListener('click', function () { window.print(); });
    toolbar.replaceChildren(
      el('div', { class: 'wb-builder-field' }, [label(word('start'), 'wb-start'), start, load]),
      el('div', { class: 'wb-builder-field' }, [label(word('open'), 'wb-open'), opener]),
      el('div', { class: 'wb-builder-field' }, [label(word('file_name'), 'wb-file-name'), nameInput, saveButton,
                                                printButton]), problem);
  }

  function drawForm() {
    var nationChoice = kit.select({ id: 'wb-nation' }, game.nations.map(function (n) { return [n.id, n.name]; }),
                                  list.nation);
    nationChoice.addEventListener('change', function () { list.nation = nationChoice.value; update(); });
    var mfv = el('input', { type: 'number', id: 'wb-mfv', min: 0, step: 50, value: list.mfv, inputmode: 'numeric' });
    mfv.addEventListener('change', function () { list.mfv = Math.max(0, parseInt(mfv.value, 10) || 0); update(); });
    var addPlatoon = el('button', { type: 'button', id: 'wb-add-platoon', text: word('add_platoon') });
    addPlatoon.addEventListener('click', function () { list.platoons.push({ hq: null, sections: [] }); update(); });
    var nameInput = el('input', { type: 'text', id: 'wb-name', value: list.name || '', maxlength: 60,
                                  autocomplete: 'off' });
    nameInput.addEventListener('change', function () { list.name = nameInput.value.trim() || undefined; update(); });
    form.replaceChildren(
      el('div', { class: 'wb-builder-force' }, [
        el('div', { class: 'wb-builder-field' }, [label(word('name'), 'wb-name'), nameInput]),
        el('div', { class: 'wb-builder-field' }, [label(word('nation'), 'wb-nation'), nationChoice]),
        el('div', { class: 'wb-builder-field' }, [label(word('mfv'), 'wb-mfv'), mfv])]),
      el('h2', { text: word('platoons') }));
    list.platoons.forEach(function (platoon, index) { form.appendChild(platoonBox(platoon, index)); });
    form.appendChild(addPlatoon);
    form.appendChild(deckBox());
  }

  /* The findings in a few words: their counts, or that there is none. */
  function status(findings) {
    var errors = findings.filter(function (f) { return f.severity === 'error'; }).length;
    var warnings = findings.length - errors;
    var parts = (errors ? [kit.counted('errors', errors)] : []).concat(warnings ? [kit.counted('warnings', warnings)] : []);
    return parts.length ? parts.join(', ') : word('clean');
  }

  /* The control of the form that edits the value at a place of the list file (where a finding points). */
  function control(where) {
    var found = /^platoons\[(\d+)\](?:\.(hq|sections)(?:\[(\d+)\])?)?(?:\.(\w+))?/.exec(where);
    if (found) {
      var p = found[1];
      var group = found[2];
      var key = found[4];
      if (!group || group === 'hq' && (!key || key === 'section')) { return 'wb-p' + p + '-hq'; }
      if (found[3] === undefined && group === 'sections') { return 'wb-p' + p + '-add'; }
      var base = group === 'hq' ? 'wb-p' + p + '-hqe' : 'wb-p' + p + '-s' + found[3];
      if (key === 'models' || key === 'senior') { return base + '-' + key; }
      if (key === 'transport' || key === 'upgrades') {
        var box = document.querySelector('[id^="' + base + (key === 'transport' ? '-t-' : '-o-') + '"]');
        return box ? box.id : null;
      }
      return document.getElementById(base + '-remove') ? base + '-remove' : base + '-senior';
    }
    var card = /^tacs\[(\d+)\]/.exec(where);
    if (card) { return 'wb-tac-' + card[1]; }
    if (/^strategic/.test(where)) { return null; }
    return { mfv: 'wb-mfv', nation: 'wb-nation', hand: 'wb-mfv', tacs: 'wb-tac-0', name: 'wb-name' }[where] || null;
  }

  /* The list as its file holds it. */
  function listYaml() {
    return '# ' + kit.data.title + ' · ' + kit.data.pack.id + ' ' + kit.data.pack.version + '\n' +
      kit.yaml(fileValues()) + '\n';
  }

  /* The list's values in the order its file writes them, without what it may leave out. */
  function fileValues() {
    var values = {};
    if (list.name) { values.name = list.name; }
    values.nation = list.nation;
    values.mfv = list.mfv;
    if (list.hand !== undefined && list.hand !== null) { values.hand = list.hand; }
    values.platoons = list.platoons.map(function (platoon) {
      var out = {};
      if (platoon.hq) { out.hq = platoon.hq; }
      if (platoon.sections.length) { out.sections = platoon.sections; }
      return out;
    });
    if (list.strategic && list.strategic.length) { values.strategic = list.strategic; }
    values.tacs = list.tacs;
    return JSON.parse(JSON.stringify(values));
  }

  /* Redraw everything from the list; the focus stays on the control of the same id. */
  function update(focusId) {
    var focused = focusId || (document.activeElement && document.activeElement.id);
    result = rules.evaluate(fileValues(), game);
    read = {};
    result.entries.forEach(function (entry) {
      read[entry.at.map(function (p) { return typeof p === 'number' ? '[' + p + ']' : '.' + p; }).join('')
        .replace(/^\./, '')] = entry;
    });
    drawForm();
    summary.replaceChildren(
      el('span', { class: 'wb-builder-total', text: word('points') + ': ' + reading.shown(result.total) + ' / ' +
                   list.mfv }),
      el('span', { class: 'wb-builder-hand', text: word('hand') + ': ' + result.hand }),
      el('a', { class: 'wb-builder-status', href: '#wb-checks-title', text: status(result.findings) }));
    findingsBox.replaceChildren(el('h2', { id: 'wb-checks-title', text: word('findings') }),
                                el('div', { class: 'wb-builder-findings-box', 'aria-live': 'polite' }));
    kit.showFindings(findingsBox.lastChild, result.findings, control);
    pointsBox.replaceChildren(pointsTable(result));
    rosterBox.replaceChildren(roster.draw(list, result, function (p, at) {
      return deployOf(p, list.platoons[p].sections[at]);
    }));
    var again = focused && document.getElementById(focused);
    if (again) { again.focus(); }
  }

  function loadList(values) {
    var copy = JSON.parse(JSON.stringify(values));
    list = { name: copy.name, nation: copy.nation, mfv: copy.mfv, hand: copy.hand,
             platoons: (copy.platoons || []).map(function (platoon) {
               return { hq: platoon.hq || null, sections: platoon.sections || [] };
             }), strategic: copy.strategic || [], tacs: copy.tacs || [] };
    update();
  }

  drawToolbar();
  update();
  /* For tests and for people at the console: load a list's values (as its YAML file reads), read the findings. */
  window.PnpForceBuilder = { load: loadList, yaml: listYaml, values: fileValues,
                             result: function () { return result; } };
})();
