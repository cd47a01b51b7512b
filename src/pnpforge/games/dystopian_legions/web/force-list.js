/* A Dystopian Legions force list read against the pack, in the page: each section as bought (its size, points and
   the models it fields), platoon by platoon, with the defaults its file may leave out. The twin of the game package's
   force_list.py: force-rules.js checks this reading, the builder shows its points and the roster its models.

   Points are counted in hundredths of a point, as integers: the pack may write 32.5, and no rule decision rests on
   floating point. */
(function () {
  'use strict';

  function has(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
  function index(items) {
    var found = {};
    items.forEach(function (item) { found[item.id] = item; });
    return found;
  }
  function sum(values) { return values.reduce(function (a, b) { return a + b; }, 0); }

  /* --- numbers as messages print them ------------------------------------------------------------------------------ */
  function cents(points) { return Math.round(Number(points) * 100); }
  /* Hundredths of a point as printed: 1250, or 32.5 when it has decimals. */
  function shown(hundredths) {
    if (hundredths % 100 === 0) { return String(hundredths / 100); }
    return (hundredths / 100).toFixed(2).replace(/0+$/, '').replace(/\.$/, '');
  }
  function slotName(slot) { return String(slot).split('_').join(' '); }
  function joined(ids) { return ids.length ? ids.join(', ') : 'none'; }
  function pathText(at) {
    var text = '';
    at.forEach(function (part) {
      text += typeof part === 'number' ? '[' + part + ']' : (text ? '.' + part : String(part));
    });
    return text;
  }

  /* --- the pack as the rules read it ------------------------------------------------------------------------------ */
  function packOf(game) {
    if (!game.index) {
      game.index = { units: index(game.sections), models: index(game.models), cards: index(game.tacs),
                     nations: index(game.nations), structure: game.platoons.length ? game.platoons[0] : null };
    }
    return game.index;
  }
  function nationName(pack, nation) { return pack.nations[nation] ? pack.nations[nation].name : nation; }
  function listedSize(unit) { return sum(unit.models.map(function (part) { return part.count; })); }
  function reinforcement(unit) {
    return (unit.options || []).filter(function (option) { return option.kind === 'reinforce'; })[0] || null;
  }
  function upgradeOptions(unit) {
    var found = {};
    (unit.options || []).forEach(function (option) { if (option.kind !== 'reinforce') { found[option.id] = option; } });
    return found;
  }
  function marOf(model, name) {
    return (model.mars || []).filter(function (use) { return use.mar === name; })[0] || null;
  }

  /* A force list with the defaults its file may leave out (upgrades, sections and strategic empty, count and
     platoon 1), as the command line reads it. */
  function normalise(list) {
    var entry = function (values) {
      var copy = Object.assign({}, values);
      copy.upgrades = (values.upgrades || []).map(function (u) { return Object.assign({ count: 1 }, u); });
      return copy;
    };
    return Object.assign({}, list, {
      platoons: (list.platoons || []).map(function (platoon) {
        return { hq: platoon.hq ? entry(platoon.hq) : platoon.hq, sections: (platoon.sections || []).map(entry) };
      }),
      strategic: (list.strategic || []).map(function (held) { return Object.assign({ platoon: 1 }, held); }),
      tacs: list.tacs || []
    });
  }

  /* Each section as the list buys it, platoon by platoon, its HQ first: its size, points and models fielded. */
  function read(list, game) {
    var pack = packOf(game);
    var entries = [];
    list.platoons.forEach(function (platoon, p) {
      var places = [[['platoons', p, 'hq'], platoon.hq]];
      platoon.sections.forEach(function (values, at) { places.push([['platoons', p, 'sections', at], values]); });
      places.forEach(function (place) { if (place[1]) { entries.push(readEntry(place[0], p, place[1], pack)); } });
    });
    return entries;
  }

  function readEntry(at, platoon, values, pack) {
    var unit = pack.units[values.section] || null;
    var entry = { at: at, platoon: platoon, values: values, unit: unit, section: values.section, transport: null,
                  size: 0, points: 0, models: [] };
    if (!unit) { return entry; }
    var counts = new Map();
    var add = function (model, count) { counts.set(model, (counts.get(model) || 0) + count); };
    var base = listedSize(unit);
    entry.size = has(values, 'models') && values.models !== null ? values.models : base;
    entry.points = cents(unit.points);
    unit.models.forEach(function (part) { add(part.model, part.count); });
    var more = reinforcement(unit);
    var extra = Math.max(0, entry.size - base);
    if (more && extra) {
      entry.points += extra * cents(more.points);
      add(more.model, extra);
    }
    var options = upgradeOptions(unit);
    values.upgrades.forEach(function (pick) {
      var option = options[pick.upgrade];
      if (!option) { return; }
      entry.points += pick.count * cents(option.points);
      add(option.model, pick.count);
      if (option.kind === 'upgrade' && option.replaces) { add(option.replaces, -pick.count); }
    });
    var transport = pack.units[values.transport || ''];
    if (transport) {
      entry.transport = transport;
      entry.points += cents(transport.points);
    }
    counts.forEach(function (count, model) { if (count > 0) { entry.models.push([model, count]); } });
    return entry;
  }

  window.PnpForceList = { has: has, index: index, sum: sum, cents: cents, shown: shown, slotName: slotName,
                          joined: joined, pathText: pathText, packOf: packOf, nationName: nationName,
                          listedSize: listedSize, reinforcement: reinforcement, upgradeOptions: upgradeOptions,
                          marOf: marOf, normalise: normalise, read: read };
})();
