/* Force rules of Dystopian Legions in the browser: the list's points and its findings. Provisional: points only. */
(function () {
  'use strict';

  function sum(values) { return values.reduce(function (a, b) { return a + b; }, 0); }

  function baseModels(section) { return sum(section.models.map(function (m) { return m.count; })); }

  function mostModels(section) {
    return baseModels(section) + sum((section.options || []).filter(function (o) { return o.kind === 'reinforce'; })
      .map(function (o) { return o.max; }));
  }

  function upgradeId(upgrade) { return typeof upgrade === 'string' ? upgrade : upgrade.option; }
  function upgradeCount(upgrade) { return typeof upgrade === 'string' ? 1 : upgrade.count; }
  function makeUpgrade(option, count) { return count === 1 ? option.id : { option: option.id, count: count }; }
  function slotName(slot) { return slot.replace('_', ' '); }
  function optionName(option, models) { return models[option.model] ? models[option.model].name : option.id; }
  function transportOf(entry) { return entry.transport || null; }
  function setTransport(entry, id) { if (id) { entry.transport = id; } else { delete entry.transport; } }
  function deployChoices() { return ['table', 'reserve', 'flank']; }
  function deployOf(list, entry) { return entry.deploy || 'table'; }
  function setDeploy(list, entry, value) { if (value === 'table') { delete entry.deploy; } else { entry.deploy = value; } }

  function index(items) {
    var found = {};
    items.forEach(function (item) { found[item.id] = item; });
    return found;
  }

  function entryPoints(entry, game) {
    var sections = index(game.sections);
    var section = sections[entry.section];
    if (!section) { return 0; }
    var options = index(section.options || []);
    var points = section.points;
    var reinforce = (section.options || []).filter(function (o) { return o.kind === 'reinforce'; })[0];
    if (reinforce) { points += Math.max(0, entry.models - baseModels(section)) * reinforce.points; }
    (entry.upgrades || []).forEach(function (u) {
      var option = options[upgradeId(u)];
      if (option) { points += upgradeCount(u) * option.points; }
    });
    if (entry.transport && sections[entry.transport]) { points += sections[entry.transport].points; }
    return points;
  }

  function fielded(entry, game) {
    var section = index(game.sections)[entry.section];
    var found = {};
    if (!section) { return found; }
    section.models.forEach(function (m) { found[m.model] = (found[m.model] || 0) + m.count; });
    return found;
  }

  function evaluate(list, game) {
    var rows = [];
    list.platoons.forEach(function (platoon, p) {
      (platoon.hq ? [platoon.hq] : []).concat(platoon.sections).forEach(function (entry) {
        var section = index(game.sections)[entry.section];
        rows.push({ platoon: p, name: section ? section.name : entry.section, points: entryPoints(entry, game) });
      });
    });
    var total = sum(rows.map(function (r) { return r.points; }));
    var hand = Math.min(game.parameters.hand.max, Math.floor(list.mfv / game.parameters.hand.points_per_card));
    return { findings: [], sections: rows, total: total, hand: hand };
  }

  function fileValues(list) { return list; }
  function fromFile(values) { return values; }

  window.PnpForceRules = {
    baseModels: baseModels, mostModels: mostModels, upgradeId: upgradeId, upgradeCount: upgradeCount,
    makeUpgrade: makeUpgrade, slotName: slotName, optionName: optionName, transportOf: transportOf,
    setTransport: setTransport, deployChoices: deployChoices, deployOf: deployOf, setDeploy: setDeploy,
    entryPoints: entryPoints, fielded: fielded, evaluate: evaluate, fileValues: fileValues, fromFile: fromFile
  };
})();
