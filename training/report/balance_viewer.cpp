#include "training/report/balance_viewer.h"

#include <algorithm>

#include "game/expertise.h"

namespace tz {

namespace {

// The drawing of a game's board for the viewer: size, background and named points.
nlohmann::json drawingJson(const BoardDrawing& d) {
  nlohmann::json points = nlohmann::json::array();
  for (const BoardPoint& p : d.points) points.push_back({p.name, p.x, p.y});
  return {{"width", d.width}, {"height", d.height}, {"background", d.background}, {"points", points}};
}

// A position for the viewer: pieces as [point, kind, label], and the caption.
nlohmann::json positionJson(const DrawnPosition& p) {
  nlohmann::json pieces = nlohmann::json::array();
  for (const DrawnPiece& q : p.pieces) pieces.push_back({q.point, q.kind, q.label});
  return {{"pieces", pieces}, {"caption", p.caption}};
}

std::string resultText(const Game& game, const GameRecord& r) {
  const std::string who = r.winner < 0 ? "draw" : game.sideName(r.winner) + " win";
  return who + " (" + r.reason + ") after " + std::to_string(r.plies) + " plies";
}

constexpr const char* kScript = R"js(
(function () {
  const games = JSON.parse(document.getElementById('tz-games').textContent);
  const sel = document.getElementById('tz-game'), board = document.getElementById('tz-board');
  const info = document.getElementById('tz-info'), list = document.getElementById('tz-moves');
  const slider = document.getElementById('tz-slider');
  let g = null, k = 0;
  games.forEach(function (x, i) {
    const o = document.createElement('option');
    o.value = i; o.textContent = x.title; sel.appendChild(o);
  });
  const style = { dark: ['#2b2b2b', '#111', '#fff'], light: ['#fafafa', '#333', '#222'], gold: ['#ffd54f', '#333', '#222'] };
  function attr(o) { return Object.keys(o).map(function (k) { return k + '="' + o[k] + '"'; }).join(' '); }
  // The board of ply k: background, the last move's points (moved, then taken after an
  // 'x'), and the pieces.
  function draw(k, move) {
    const d = g.drawing, at = {}, pos = g.positions[k];
    d.points.forEach(function (p, i) { at[p[0]] = p; });
    let s = '<svg xmlns="http://www.w3.org/2000/svg" ' + attr({ viewBox: '0 0 ' + d.width + ' ' + d.height,
      width: Math.round(440 * d.width / Math.max(d.width, d.height)), height: Math.round(440 * d.height / Math.max(d.width, d.height)),
      'font-family': 'sans-serif' }) + '>' + d.background;
    const parts = move ? move.split('x') : [];
    (parts.length ? parts[0].match(/[a-z]+\d+/g) || [] : []).forEach(function (n) {
      const p = at[n];
      if (p) s += '<rect ' + attr({ x: p[1] - 0.46, y: p[2] - 0.46, width: 0.92, height: 0.92, fill: 'none', stroke: '#5a9bf6', 'stroke-width': 0.07 }) + '/>';
    });
    (parts.slice(1).join('x').match(/[a-z]+\d+/g) || []).forEach(function (n) {
      const p = at[n];
      if (p) s += '<circle ' + attr({ cx: p[1], cy: p[2], r: 0.36, fill: 'none', stroke: '#d62728', 'stroke-width': 0.05, 'stroke-dasharray': '0.08 0.05' }) + '/>';
    });
    pos.pieces.forEach(function (q) {
      const p = d.points[q[0]], c = style[q[1]] || style.light;
      s += '<circle ' + attr({ cx: p[1], cy: p[2], r: 0.36, fill: c[0], stroke: c[1], 'stroke-width': 0.04 }) + '/>';
      if (q[2]) s += '<text ' + attr({ x: p[1], y: p[2] + 0.14, 'font-size': 0.4, 'font-weight': 'bold', 'text-anchor': 'middle', fill: c[2] }) + '>' + q[2] + '</text>';
    });
    return s + '</svg>' + (pos.caption ? '<div>' + pos.caption + '</div>' : '');
  }
  function show(to) {
    k = Math.max(0, Math.min(g.records.length - 1, to));
    const move = k > 0 ? g.moves[k - 1] : null;
    board.innerHTML = g.drawing ? draw(k, move) : '<pre>' + g.records[k] + '</pre>';
    slider.value = k;
    info.textContent = 'ply ' + k + ' / ' + (g.records.length - 1) + (move ? ', last move ' + move : ', start position') +
      (k === g.records.length - 1 ? ' \u2014 ' + g.result : '');
    Array.prototype.forEach.call(list.children, function (e, i) { e.className = i === k - 1 ? 'cur' : ''; });
  }
  function load(i) {
    g = games[i];
    slider.max = g.records.length - 1;
    list.innerHTML = '';
    g.moves.forEach(function (mv, i) {
      const e = document.createElement('span');
      e.textContent = (i % 2 === 0 ? (i / 2 + 1) + '. ' : '') + mv;
      e.onclick = function () { show(i + 1); };
      list.appendChild(e); list.appendChild(document.createTextNode(' '));
    });
    show(0);
  }
  sel.onchange = function () { load(parseInt(sel.value, 10)); };
  slider.oninput = function () { show(parseInt(slider.value, 10)); };
  document.querySelectorAll('#tz-viewer button').forEach(function (b) {
    b.onclick = function () {
      const d = b.dataset.step;
      show(d === 'first' ? 0 : d === 'last' ? g.records.length - 1 : k + parseInt(d, 10));
    };
  });
  document.addEventListener('keydown', function (e) {
    if (e.key === 'ArrowRight') show(k + 1);
    if (e.key === 'ArrowLeft') show(k - 1);
  });
  if (games.length) load(0);
})();
)js";

}  // namespace

std::optional<nlohmann::json> viewerGame(const Game& game, const GameRecord& record, const std::string& title) {
  if (record.variant != game.name() || record.rules != game.rulesYaml()) return std::nullopt;
  auto state = game.newGame();
  if (state->record() != record.startPosition) return std::nullopt;
  const GameExpertise* expertise = game.expertise();
  const BoardDrawing drawing = expertise ? expertise->boardDrawing() : BoardDrawing{};
  const bool drawn = drawing.width > 0;
  nlohmann::json records = nlohmann::json::array({state->record()});
  nlohmann::json positions = nlohmann::json::array();
  if (drawn) positions.push_back(positionJson(expertise->drawnPosition(*state)));
  std::vector<std::string> moves;
  std::vector<Action> legal;
  for (Action a : record.actions) {
    state->legalActions(legal);
    if (std::find(legal.begin(), legal.end(), a) == legal.end()) return std::nullopt;
    moves.push_back(state->actionName(a));
    state->apply(a);
    records.push_back(state->record());
    if (drawn) positions.push_back(positionJson(expertise->drawnPosition(*state)));
  }
  nlohmann::json out{{"title", title + ": " + resultText(game, record)},
                     {"records", records},
                     {"moves", moves},
                     {"result", resultText(game, record)}};
  if (drawn) out["drawing"] = drawingJson(drawing), out["positions"] = positions;
  return out;
}

std::string gameViewerHtml(const std::vector<nlohmann::json>& games) {
  std::string data = nlohmann::json(games).dump();
  // "</" inside a script element would end it early.
  for (size_t at = data.find("</"); at != std::string::npos; at = data.find("</", at + 2)) data.replace(at, 2, "<\\/");
  return "<div class=\"viewer\" id=\"tz-viewer\">\n<div>\n<select id=\"tz-game\"></select>\n<div id=\"tz-board\"></div>\n"
         "<div class=\"controls\"><button data-step=\"first\">|&lt;</button> <button data-step=\"-1\">&lt;</button> "
         "<button data-step=\"1\">&gt;</button> <button data-step=\"last\">&gt;|</button> "
         "<input type=\"range\" id=\"tz-slider\" min=\"0\" max=\"0\" value=\"0\" style=\"width:240px\"></div>\n"
         "<div id=\"tz-info\"></div>\n</div>\n<div class=\"moves\" id=\"tz-moves\"></div>\n</div>\n"
         "<script type=\"application/json\" id=\"tz-games\">" +
         data + "</script>\n<script>" + kScript + "</script>\n";
}

}  // namespace tz
