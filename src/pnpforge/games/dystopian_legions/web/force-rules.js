/* The force rules of Dystopian Legions evaluated in the page: the twin of the game package's force_rules.py, over
   the same rule items (force-rules.yaml, embedded in the page) and in the vocabulary docs/why/force-rules.md
   documents. Each check finds the places in a force list (as force-list.js reads it) that break its rule, with the
   values the rule's message names; the finding's words, severity and place (a path into the list file) are the
   command line's. */
(function () {
  'use strict';
  var FREE = { transport: true, sidekick: true };  /* take no place in a platoon (p.33) */
  var HEAVY = 'heavy_support';
  var PLACEHOLDER = /\{([a-z_]+)\}/g;

  var reading = window.PnpForceList;
  if (!reading) { return; }
  var has = reading.has;
  var sum = reading.sum;
  var cents = reading.cents;
  var shown = reading.shown;
  var slotName = reading.slotName;
  var joined = reading.joined;
  var pathText = reading.pathText;
  var packOf = reading.packOf;
  var nationName = reading.nationName;
  var listedSize = reading.listedSize;
  var reinforcement = reading.reinforcement;
  var upgradeOptions = reading.upgradeOptions;
  var marOf = reading.marOf;
  var normalise = reading.normalise;
  var read = reading.read;

  function message(text, values) {
    return text.replace(PLACEHOLDER, function (whole, name) { return has(values, name) ? String(values[name]) : whole; });
  }

  /* --- the checks: each yields [path, values] --------------------------------------------------------------------- */
  function known(force) { return force.entries.filter(function (entry) { return entry.unit; }); }
  function platoonEntries(force, p) { return force.entries.filter(function (entry) { return entry.platoon === p; }); }

  var CHECKS = {
    section_nation: function (force) {
      return known(force).filter(function (e) { return e.unit.nation !== force.list.nation; }).map(function (e) {
        return [e.at.concat('section'), { section: e.unit.id, serves: nationName(force.pack, e.unit.nation),
                                          nation: nationName(force.pack, force.list.nation) }];
      });
    },
    hq_slot: function (force) {
      return known(force).filter(function (e) { return e.at[e.at.length - 1] === 'hq' && e.unit.slot !== 'hq'; })
        .map(function (e) { return [e.at.concat('section'), { section: e.unit.id, slot: slotName(e.unit.slot) }]; });
    },
    section_slot: function (force) {
      return known(force).filter(function (e) {
        return e.at[e.at.length - 1] !== 'hq' && (e.unit.slot === 'hq' || e.unit.slot === 'transport');
      }).map(function (e) { return [e.at.concat('section'), { section: e.unit.id, slot: slotName(e.unit.slot) }]; });
    },
    section_size: function (force) {
      var hits = [];
      known(force).forEach(function (e) {
        var least = listedSize(e.unit);
        var most = reinforcement(e.unit) ? e.unit.max_models : least;
        if (!(least <= e.size && e.size <= most)) {
          hits.push([e.at.concat('models'), { section: e.unit.id, models: e.size, least: least, most: most }]);
        }
      });
      return hits;
    },
    upgrade_known: function (force) {
      var hits = [];
      known(force).forEach(function (e) {
        var options = upgradeOptions(e.unit);
        e.values.upgrades.forEach(function (pick, k) {
          if (!has(options, pick.upgrade)) {
            hits.push([e.at.concat('upgrades', k, 'upgrade'), { section: e.unit.id, upgrade: pick.upgrade,
                                                                options: joined(Object.keys(options)) }]);
          }
        });
      });
      return hits;
    },
    upgrade_count: function (force) {
      var hits = [];
      known(force).forEach(function (e) {
        var options = upgradeOptions(e.unit);
        var taken = {};
        e.values.upgrades.forEach(function (pick, k) {
          var option = options[pick.upgrade];
          if (!option) { return; }
          taken[option.id] = (taken[option.id] || 0) + pick.count;
          if (taken[option.id] > option.max) {
            hits.push([e.at.concat('upgrades', k, 'count'), { section: e.unit.id, upgrade: option.id,
                                                              count: taken[option.id], most: option.max }]);
          }
        });
      });
      return hits;
    },
    transport_allowed: function (force) {
      return known(force).filter(function (e) {
        return e.values.transport !== undefined && e.values.transport !== null &&
          (e.unit.transports || []).indexOf(e.values.transport) < 0;
      }).map(function (e) {
        return [e.at.concat('transport'), { section: e.unit.id, transport: e.values.transport,
                                            transports: joined(e.unit.transports || []) }];
      });
    },
    transport_capacity: function (force) {
      var hits = [];
      known(force).forEach(function (e) {
        if (!e.transport || (e.unit.transports || []).indexOf(e.values.transport) < 0) { return; }
        var room = null;
        e.transport.models.forEach(function (part) {
          var model = force.pack.models[part.model];
          var use = model && room === null ? marOf(model, 'capacity') : null;
          if (use) { room = use.value; }
        });
        var riders = sum(e.models.filter(function (pair) {
          var model = force.pack.models[pair[0]];
          return model && !marOf(model, 'non-combatant');
        }).map(function (pair) { return pair[1]; }));
        if (room !== null && riders > room) {
          hits.push([e.at.concat('transport'), { section: e.unit.id, transport: e.transport.id, capacity: room,
                                                 riders: riders }]);
        }
      });
      return hits;
    },
    sidekick_character: function (force) {
      var present = force.entries.map(function (e) { return e.section; });
      return known(force).filter(function (e) {
        return e.unit.slot === 'sidekick' && present.indexOf(e.unit.character) < 0;
      }).map(function (e) { return [e.at.concat('section'), { section: e.unit.id, character: e.unit.character }]; });
    },
    platoon_required: function (force) {
      var hits = [];
      if (!force.pack.structure) { return hits; }
      force.list.platoons.forEach(function (platoon, p) {
        var bought = {};
        platoonEntries(force, p).forEach(function (e) {
          if (e.unit) { bought[e.unit.slot] = (bought[e.unit.slot] || 0) + 1; }
        });
        force.pack.structure.required.forEach(function (need) {
          var have = sum(need.slots.map(function (slot) { return bought[slot] || 0; }));
          if (have < need.count) {
            var where = need.slots.indexOf('hq') < 0 ? ['platoons', p, 'sections'] : ['platoons', p, 'hq'];
            hits.push([where, { platoon: p + 1, slots: need.slots.map(slotName).join(' or '), count: need.count }]);
          }
        });
      });
      return hits;
    },
    slot_ladder: function (force) {
      return ladder(force).filter(function (step) { return step.outcome === 'none'; }).map(function (step) {
        return [step.entry.at.concat('section'), { section: step.entry.section, slot: slotName(step.slot),
                                                   lines: step.lines }];
      });
    },
    heavy_support_max: function (force) {
      return ladder(force).filter(function (step) { return step.outcome === 'heavy'; }).map(function (step) {
        return [step.entry.at.concat('section'), { section: step.entry.section, number: step.heavy,
                                                   most: force.pack.structure.heavy_support_max }];
      });
    },
    platoon_count: function (force, params) {
      var agreed = has(params, 'agreed') ? params.agreed : 1;
      var count = force.list.platoons.length;
      return count > agreed ? [[['platoons', agreed], { count: count, agreed: agreed }]] : [];
    },
    points_limit: function (force) {
      var mfv = force.list.mfv;
      return force.total > mfv * 100 ?
        [[['mfv'], { total: shown(force.total), over: shown(force.total - mfv * 100), mfv: mfv }]] : [];
    },
    sco_present: function (force) { return seniors(force).length ? [] : [[['platoons'], {}]]; },
    sco_single: function (force) {
      var all = seniors(force);
      return all.slice(1).map(function (e) {
        return [e.at.concat('senior'), { section: e.section, first: all[0].section }];
      });
    },
    sco_officer: function (force) {
      return seniors(force).filter(function (e) {
        return e.unit && !e.models.some(function (pair) {
          var model = force.pack.models[pair[0]];
          return model && model.rank === 'officer';
        });
      }).map(function (e) { return [e.at.concat('senior'), { section: e.section }]; });
    },
    unique_once: function (force) {
      var seen = {};
      var hits = [];
      force.entries.forEach(function (e) {
        e.models.forEach(function (pair) {
          var model = force.pack.models[pair[0]];
          if (!model || !marOf(model, 'unique')) { return; }
          seen[pair[0]] = (seen[pair[0]] || 0) + pair[1];
          if (seen[pair[0]] > 1) { hits.push([e.at.concat('section'), { section: e.section, model: pair[0] }]); }
        });
      });
      return hits;
    },
    strategic_share: function (force) {
      var held = heldBack(force).filter(function (h) { return h[1]; }).map(function (h) { return h[1]; });
      var structure = force.pack.structure;
      var share = structure && structure.strategic ? structure.strategic.share_percent : 50;
      var total = sum(held.map(function (e) { return e.points; }));
      var mfv = force.list.mfv;
      return held.length && total > share * mfv ?
        [[['strategic'], { held: shown(total), share: share, mfv: mfv, most: shown(share * mfv) }]] : [];
    },
    strategic_one_platoon: function (force) {
      var all = force.list.strategic;
      var hits = [];
      all.forEach(function (held, k) {
        if (k > 0 && held.platoon !== all[0].platoon) {
          hits.push([['strategic', k, 'platoon'], { platoon: held.platoon, first: all[0].platoon }]);
        }
      });
      return hits;
    },
    strategic_no_heavy: function (force) {
      var structure = force.pack.structure;
      if (structure && structure.strategic && structure.strategic.heavy_ironclads) { return []; }
      var hits = [];
      heldBack(force).forEach(function (h) {
        var entry = h[1];
        var heavy = entry ? entry.models.filter(function (pair) {
          var model = force.pack.models[pair[0]];
          return model && model.model_type === 'heavy_ironclad';
        }) : [];
        if (heavy.length) {
          hits.push([['strategic', h[0], 'section'], { section: entry.section, model: heavy[0][0] }]);
        }
      });
      return hits;
    },
    strategic_section: function (force) {
      return heldBack(force).filter(function (h) { return !h[1]; }).map(function (h) {
        var held = force.list.strategic[h[0]];
        return [['strategic', h[0], 'section'], { section: held.section, platoon: held.platoon }];
      });
    },
    deck_size: function (force, params) {
      var size = has(params, 'size') ? params.size : 12;
      return force.list.tacs.length !== size ? [[['tacs'], { count: force.list.tacs.length, size: size }]] : [];
    },
    deck_distinct: function (force) {
      var seen = {};
      var hits = [];
      force.list.tacs.forEach(function (card, k) {
        if (has(seen, card)) { hits.push([['tacs', k], { card: card }]); }
        seen[card] = true;
      });
      return hits;
    },
    deck_costs: function (force, params) {
      var deck = force.list.tacs;
      var size = has(params, 'size') ? params.size : 12;
      if (deck.length !== size || deck.some(function (card) { return !force.pack.cards[card]; })) { return []; }
      var costs = deck.map(function (card) { return force.pack.cards[card].cp; }).sort(byNumber);
      var common = force.game.tacs.filter(function (card) { return card.kind === 'generic'; })
        .map(function (card) { return card.cp; }).sort(byNumber);
      return costs.join(' ') !== common.join(' ') ? [[['tacs'], { costs: costs.join(' '), baseline: common.join(' ') }]] : [];
    },
    deck_nation: function (force) {
      var hits = [];
      force.list.tacs.forEach(function (id, k) {
        var card = force.pack.cards[id];
        if (card && card.kind !== 'generic' && card.nation !== force.list.nation) {
          hits.push([['tacs', k], { card: id, card_nation: nationName(force.pack, card.nation),
                                    nation: nationName(force.pack, force.list.nation) }]);
        }
      });
      return hits;
    },
    deck_character: function (force) {
      var present = force.entries.map(function (e) { return e.section; });
      var hits = [];
      force.list.tacs.forEach(function (id, k) {
        var card = force.pack.cards[id];
        if (card && card.kind === 'character' && present.indexOf(card.character) < 0) {
          hits.push([['tacs', k], { card: id, character: card.character }]);
        }
      });
      return hits;
    },
    hand_size: function (force, params) {
      var stated = force.list.hand;
      var expected = hand(force.list.mfv, params);
      if (stated === undefined || stated === null || stated === expected) { return []; }
      return [[['hand'], { hand: stated, expected: expected, mfv: force.list.mfv,
                           per_card: has(params, 'per_card') ? params.per_card : 250,
                           most: has(params, 'most') ? params.most : 10 }]];
    }
  };

  function byNumber(a, b) { return a - b; }

  function seniors(force) { return force.entries.filter(function (e) { return e.values.senior; }); }

  /* The sections held back: for each strategic entry, the first entry of its platoon with its section id that no
     earlier strategic entry holds, or null. */
  function heldBack(force) {
    var taken = {};
    return force.list.strategic.map(function (held, k) {
      var match = platoonEntries(force, held.platoon - 1).filter(function (e) {
        return e.section === held.section && !taken[pathText(e.at)];
      })[0] || null;
      if (match) { taken[pathText(match.at)] = true; }
      return [k, match];
    });
  }

  /* The platoon ladder (p.30): each section that needs a place, in the order bought, with what became of it. */
  function ladder(force) {
    var structure = force.pack.structure;
    var steps = [];
    if (!structure) { return steps; }
    force.list.platoons.forEach(function (platoon, p) {
      var places = new Places(structure);
      var heavy = 0;
      platoonEntries(force, p).forEach(function (e) {
        if (!e.unit || FREE[e.unit.slot] || e.unit.slot === 'hq') { return; }
        var slot = e.unit.slot;
        if (slot === 'line') { places.addLine(); return; }
        if (slot === HEAVY) {
          heavy += 1;
          if (heavy > structure.heavy_support_max) {
            steps.push({ entry: e, slot: slot, outcome: 'heavy', lines: places.lines, heavy: heavy });
            return;
          }
        }
        var took = slot === HEAVY ? places.takeInstead() : places.take(slot);
        steps.push({ entry: e, slot: slot, outcome: took ? 'took' : 'none', lines: places.lines, heavy: heavy });
      });
    });
    return steps;
  }

  function Places(structure) {
    this.unlocks = structure.unlocks;
    this.open = [];  /* [slots, the Line section that opened it] */
    this.lines = 0;
  }
  Places.prototype.addLine = function () {
    var self = this;
    this.lines += 1;
    var entry = this.unlocks.filter(function (u) { return u.line === self.lines; })[0] ||
      this.unlocks[this.unlocks.length - 1];
    entry.grants.forEach(function (grant) {
      for (var n = 0; n < grant.count; n += 1) { self.open.push([grant.slots, self.lines]); }
    });
  };
  Places.prototype.take = function (slot) {
    for (var i = 0; i < this.open.length; i += 1) {
      if (this.open[i][0].indexOf(slot) >= 0) { this.open.splice(i, 1); return true; }
    }
    return false;
  };
  Places.prototype.takeInstead = function () {
    var self = this;
    for (var u = 0; u < this.unlocks.length; u += 1) {
      var entry = this.unlocks[u];
      var instead = entry.instead;
      if (!instead || instead.take.slots.indexOf(HEAVY) < 0) { continue; }
      var line = u !== this.unlocks.length - 1 ? entry.line : null;
      var wanted = instead.give_up.slots;
      var spots = [];
      self.open.forEach(function (place, i) {
        var shares = place[0].some(function (slot) { return wanted.indexOf(slot) >= 0; });
        if (shares && (line === null || place[1] === line)) { spots.push(i); }
      });
      if (spots.length >= instead.give_up.count) {
        spots.slice(0, instead.give_up.count).reverse().forEach(function (i) { self.open.splice(i, 1); });
        return true;
      }
    }
    return false;
  };

  /* Cards in hand: one per full per_card points of the MFV, most at most (p.36). */
  function hand(mfv, params) {
    var most = has(params, 'most') ? params.most : 10;
    var perCard = has(params, 'per_card') ? params.per_card : 250;
    return Math.min(most, Math.floor(mfv / perCard));
  }

  /* Ids the pack does not have (the nation, each section and transport, each card): an error each, before the
     rules, which run only when every id is known (player_files.py's reference check: the type named by its label). */
  function references(list, game) {
    var pack = packOf(game);
    var found = [];
    var check = function (at, value, ids, typeName) {
      if (has(ids, value)) { return; }
      var type = game.labels[typeName] || typeName;
      var all = Object.keys(ids).sort();
      var hint = all.length > 0 && all.length <= 12 ? '; ' + type + ' ids: ' + all.join(', ') : '';
      found.push({ severity: 'error', rule: 'references', where: pathText(at),
                   message: pathText(at) + ': no ' + type + " '" + value + "'" + hint });
    };
    check(['nation'], list.nation, pack.nations, 'faction');
    list.platoons.forEach(function (platoon, p) {
      var places = [[['platoons', p, 'hq'], platoon.hq]];
      platoon.sections.forEach(function (values, at) { places.push([['platoons', p, 'sections', at], values]); });
      places.forEach(function (place) {
        if (!place[1]) { return; }
        check(place[0].concat('section'), place[1].section, pack.units, 'unit');
        if (place[1].transport !== undefined && place[1].transport !== null) {
          check(place[0].concat('transport'), place[1].transport, pack.units, 'unit');
        }
      });
    });
    list.strategic.forEach(function (held, k) { check(['strategic', k, 'section'], held.section, pack.units, 'unit'); });
    list.tacs.forEach(function (card, k) { check(['tacs', k], card, pack.cards, 'tac'); });
    return found;
  }

  /* Every finding of the pack's force rules on one list (rule by rule, in the order of force-rules.yaml), with the
     list's sections, total and hand. */
  function evaluate(values, game) {
    var list = normalise(values);
    var entries = read(list, game);
    var force = { list: list, game: game, pack: packOf(game), entries: entries,
                  total: sum(entries.map(function (e) { return e.points; })) };
    var findings = references(list, game);
    var hitsOf = function (rule) { return CHECKS[rule.check] ? CHECKS[rule.check](force, rule.params || {}) : []; };
    if (!findings.length) {
      game.rules.forEach(function (rule) {
        hitsOf(rule).forEach(function (hit) {
          findings.push({ severity: rule.severity, rule: rule.id, where: pathText(hit[0]),
                          message: message(rule.message, hit[1]) });
        });
      });
    }
    var handRule = game.rules.filter(function (rule) { return rule.check === 'hand_size'; })[0];
    return { findings: findings, entries: entries, total: force.total,
             hand: hand(list.mfv, handRule ? handRule.params || {} : {}) };
  }

  window.PnpForceRules = { evaluate: evaluate, checks: Object.keys(CHECKS) };
})();
