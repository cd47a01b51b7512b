/* The roster the force builder prints (and shows below its form): the force's name, nation, points against the
   limit and hand; each platoon's sections with their transport, Senior Commanding Officer, Reserve or Flank, their
   models with a tally box for each Life Point (Hull Point for an Ironclad or a transport) and their points; the deck.
   The full roster, with profiles, weapons, MARs and the cards, is the one `pnpforge build --list` prints. */
(function () {
  'use strict';
  var kit = window.PnpBuilder;
  var reading = window.PnpForceList;
  if (!kit || !reading) { return; }
  var el = kit.el;
  var word = kit.word;
  var game = kit.data.game;
  var models = reading.index(game.models);
  var tacs = reading.index(game.tacs);
  var nations = reading.index(game.nations);

  /* The roster of a list, from the rules' reading of it; ``deployed(platoon, at)``: a section's deployment. */
  function draw(list, result, deployed) {
    var nation = nations[list.nation];
    var box = el('section', { class: 'wb-roster', 'aria-labelledby': 'wb-roster-title' }, [
      el('h2', { id: 'wb-roster-title', text: word('roster') }),
      el('p', { class: 'wb-roster-head', text: (list.name ? list.name + ' · ' : '') +
                (nation ? nation.name : list.nation) + ' · ' + reading.shown(result.total) + ' / ' + list.mfv + ' ' +
                word('points_short') + ' · ' + word('hand') + ' ' + result.hand })]);
    list.platoons.forEach(function (platoon, index) {
      var entries = result.entries.filter(function (entry) { return entry.platoon === index; });
      box.appendChild(el('h3', { text: word('platoon') + ' ' + (index + 1) }));
      var table = el('table', { class: 'wb-roster-table' }, [el('thead', {}, [el('tr', {}, [
        el('th', { scope: 'col', text: word('section') }), el('th', { scope: 'col', text: word('models') }),
        el('th', { scope: 'col', class: 'wb-num', text: word('points') })])])]);
      var body = el('tbody');
      entries.forEach(function (entry) {
        var section = entry.unit;
        var carrier = entry.transport ? entry.transport.models.map(function (part) { return [part.model, part.count]; }) : [];
        var lines = entry.models.concat(carrier).map(function (pair) {
          var modelId = pair[0];
          var model = models[modelId];
          var lp = model ? model.lp || model.hp || 0 : 0;  /* an Ironclad's Hull Points stand for Life Points */
          var unit = model && !model.lp && model.hp ? 'HP' : 'LP';
          var tallies = [];
          for (var n = 0; n < pair[1]; n += 1) {
            var boxes = [];
            for (var b = 0; b < lp; b += 1) { boxes.push(el('span', { class: 'wb-tally', 'aria-hidden': 'true' })); }
            tallies.push(el('span', { class: 'wb-tally-model' }, boxes));
          }
          return el('li', {}, [pair[1] + ' × ' + (model ? model.name : modelId) +
                               (lp ? ' (' + lp + ' ' + unit + ')' : ''), el('span', { class: 'wb-tallies' }, tallies)]);
        });
        var deploy = entry.at[2] === 'sections' ? deployed(index, entry.at[3]) : 'table';
        var name = (section ? section.name : entry.section) + (entry.transport ? ' + ' + entry.transport.name : '') +
          (entry.values.senior ? ' · ' + word('senior') : '') + (deploy !== 'table' ? ' · ' + word('deploy_' + deploy) : '');
        body.appendChild(el('tr', {}, [el('td', { text: name }), el('td', {}, [el('ul', {}, lines)]),
                                       el('td', { class: 'wb-num', text: reading.shown(entry.points) })]));
      });
      table.appendChild(body);
      box.appendChild(table);
    });
    box.appendChild(el('h3', { text: word('deck') }));
    box.appendChild(el('ol', { class: 'wb-roster-cards' }, list.tacs.map(function (id) {
      var tac = tacs[id];
      return el('li', { text: tac ? tac.name + ' (' + tac.cp + ' CP)' : id });
    })));
    return box;
  }

  window.PnpForceRoster = { draw: draw };
})();
