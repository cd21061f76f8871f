#include "training/report/balance_viewer.h"

#include <algorithm>

#include "game/expertise.h"

namespace tz {

namespace {

// The squares the viewer draws specially, as {f: file, r: rank, k: kind} (0-based).
nlohmann::json specialSquares(const BoardDrawing& board) {
  nlohmann::json out = nlohmann::json::array();
  for (const SpecialSquare& s : board.special) out.push_back({{"f", s.file}, {"r", s.rank}, {"k", s.kind}});
  return out;
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
  function square(name) {
    const m = /^([a-z])(\d+)$/.exec(name);
    return m ? [m[1].charCodeAt(0) - 97, parseInt(m[2], 10) - 1] : null;
  }
  function pieces(record) {
    const out = [];
    record.split('/').filter(function (r) { return r.length; }).forEach(function (row, r) {
      let f = 0; const re = /(\d+)|([A-Za-z])/g; let m;
      while ((m = re.exec(row))) { if (m[1]) f += parseInt(m[1], 10); else out.push([f++, r, m[2]]); }
    });
    return out;
  }
  function drawTafl(record, move) {
    const n = g.size, cs = Math.min(44, Math.floor(440 / n)), pad = 22, w = n * cs + pad + 4;
    const x = function (f) { return pad + f * cs; }, y = function (r) { return (n - 1 - r) * cs + 2; };
    let s = '<svg xmlns="http://www.w3.org/2000/svg" width="' + w + '" height="' + (w - 2) + '" font-family="sans-serif" font-size="11">';
    for (let r = 0; r < n; r++) for (let f = 0; f < n; f++)
      s += '<rect x="' + x(f) + '" y="' + y(r) + '" width="' + cs + '" height="' + cs + '" fill="' + ((f + r) % 2 ? '#e8d9b5' : '#f3e7c9') + '" stroke="#b9a77f"/>';
    const shade = { throne: '#b08d57', corner: '#8d6e3f', camp: '#cdb98f' };
    g.special.forEach(function (q) {
      s += '<rect x="' + (x(q.f) + 1) + '" y="' + (y(q.r) + 1) + '" width="' + (cs - 2) + '" height="' + (cs - 2) + '" fill="' + shade[q.k] + '" opacity="0.75"/>';
    });
    for (let i = 0; i < n; i++) {
      s += '<text x="' + (x(i) + cs / 2) + '" y="' + (n * cs + 16) + '" text-anchor="middle">' + String.fromCharCode(97 + i) + '</text>';
      s += '<text x="' + (pad - 4) + '" y="' + (y(i) + cs / 2 + 4) + '" text-anchor="end">' + (i + 1) + '</text>';
    }
    const m = move ? /^([a-z]\d+)-([a-z]\d+)(?:x([a-z0-9\/]+))?/.exec(move) : null;
    if (m) {
      [[m[1], '#9ec5fe'], [m[2], '#5a9bf6']].forEach(function (p) {
        const q = square(p[0]);
        if (q) s += '<rect x="' + (x(q[0]) + 2) + '" y="' + (y(q[1]) + 2) + '" width="' + (cs - 4) + '" height="' + (cs - 4) + '" fill="none" stroke="' + p[1] + '" stroke-width="3"/>';
      });
      (m[3] || '').split('/').forEach(function (c) {
        const q = square(c);
        if (q) s += '<circle cx="' + (x(q[0]) + cs / 2) + '" cy="' + (y(q[1]) + cs / 2) + '" r="' + (cs * 0.36) + '" fill="none" stroke="#d62728" stroke-width="2" stroke-dasharray="3 2"/>';
      });
    }
    pieces(record).forEach(function (p) {
      const cx = x(p[0]) + cs / 2, cy = y(p[1]) + cs / 2, rad = cs * 0.36;
      if (p[2] === 't') s += '<circle cx="' + cx + '" cy="' + cy + '" r="' + rad + '" fill="#2b2b2b"/>';
      else if (p[2] === 'T') s += '<circle cx="' + cx + '" cy="' + cy + '" r="' + rad + '" fill="#fafafa" stroke="#333" stroke-width="1.5"/>';
      else s += '<circle cx="' + cx + '" cy="' + cy + '" r="' + rad + '" fill="#ffd54f" stroke="#333" stroke-width="2"/>' +
        '<text x="' + cx + '" y="' + (cy + 4) + '" text-anchor="middle" font-weight="bold">K</text>';
    });
    return s + '</svg>';
  }
  function show(to) {
    k = Math.max(0, Math.min(g.records.length - 1, to));
    const move = k > 0 ? g.moves[k - 1] : null;
    board.innerHTML = g.family === 'tafl' ? drawTafl(g.records[k], move) : '<pre>' + g.records[k] + '</pre>';
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
  nlohmann::json records = nlohmann::json::array({state->record()});
  std::vector<std::string> moves;
  std::vector<Action> legal;
  for (Action a : record.actions) {
    state->legalActions(legal);
    if (std::find(legal.begin(), legal.end(), a) == legal.end()) return std::nullopt;
    moves.push_back(state->actionName(a));
    state->apply(a);
    records.push_back(state->record());
  }
  const BoardDrawing board = game.expertise() ? game.expertise()->boardDrawing() : BoardDrawing{};
  return nlohmann::json{{"title", title + ": " + resultText(game, record)},
                        {"family", game.family()},
                        {"size", board.size},
                        {"special", specialSquares(board)},
                        {"records", records},
                        {"moves", moves},
                        {"result", resultText(game, record)}};
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
