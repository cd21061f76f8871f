// The browser play page of a taflzero export: a person plays the exported network, or one of
// several agents when the export offers them (agents.json: the shipped models, each in the
// folder of its name). The rules are this project's C++ game code compiled to WebAssembly
// (taflzero_rules.js, web/rules/); the network runs in onnxruntime-web. The agent plays the
// network's policy restricted to the legal moves (argmax of the logits, no search).
// Test hook: ?agent=NAME&human=SIDE&script=m1,m2,... plays the person's moves by clicking them
// ("*": the first legal move), the agent answering each, then writes the game as JSON into
// #test-result (tests/web/web_page_test.cpp).
'use strict';

// The parsed JSON answer of a rules call; throws its error.
function answer(text) {
  const value = JSON.parse(text);
  if (value && value.error) throw new Error(value.error);
  return value;
}

// The squares a person clicks to make a move on a grid: the first one or two squares named
// in its notation ("e3-b3" or "e3-b3xb4": e3 then b3; "a1": a1).
function squaresOf(name) {
  return (name.match(/[a-z]+[0-9]+/g) || []).slice(0, 2);
}

// The cells of one drawn row: space-separated single characters ("* . t") or a run of them ("x.o").
function cellsOf(text) {
  const t = text.trim();
  if (/^\S( \S)*$/.test(t)) return t.split(' ');
  return /^\S+$/.test(t) ? [...t] : null;
}

// The board as the rules draw it (position.diagram), when that drawing is a grid: rows that
// start with their rank number, then a row of file letters. Returns {files, rows: [{rank,
// cells}]} with the top row first, or null (Morris' lines and points: shown as drawn).
function gridOf(diagram) {
  const rows = [];
  let files = null;
  for (const line of diagram.split('\n')) {
    const ranked = line.match(/^\s*([0-9]+)\s+(.*)$/);
    if (ranked) {
      const cells = cellsOf(ranked[2]);
      if (!cells) return null;
      rows.push({rank: ranked[1], cells});
    } else if (rows.length > 0 && files === null) {
      files = cellsOf(line);
      if (!files || !files.every((f) => /^[a-z]$/.test(f))) return null;
    }
  }
  if (rows.length === 0 || !files || !rows.every((r) => r.cells.length === files.length)) return null;
  return {files, rows};
}

// Whether a drawn cell holds a piece (a letter) rather than an empty or marked square.
function isPiece(cell) {
  return /^[A-Za-z]$/.test(cell);
}

// The network: the exported ONNX model in onnxruntime-web, answering the masked policy's best move.
class Agent {
  constructor(session, inputShape) {
    this.session = session;
    this.inputShape = inputShape;
  }

  // The legal move with the highest policy logit, and the value for the side to move.
  async choose(planes, legal) {
    const input = new ort.Tensor('float32', planes, [1, ...this.inputShape]);
    const out = await this.session.run({planes: input});
    const logits = out.policy.data;
    let best = legal[0];
    for (const move of legal) if (logits[move.action] > logits[best.action]) best = move;
    return {move: best, value: out.value.data[0]};
  }
}

// The page: the board, the legal moves, the history, and whose turn it is.
class Page {
  // `offer`: the agents the page offers and the one playing ({agents: [names], agent: name}),
  // both null on a page of one agent.
  constructor(meta, rules, agent, offer) {
    this.meta = meta;
    this.offer = offer;
    this.rules = rules;
    this.agent = agent;
    this.info = answer(rules.info());
    this.played = [];
    this.agentMoves = [];
    this.selected = null;
    this.generation = 0;  // counts new games, so that an answer to an abandoned game is dropped
    this.agentAsked = null;  // the position (positionKey) the agent was last asked to answer
    this.busy = Promise.resolve();
    const sides = document.getElementById('human-side');
    for (const side of this.info.sides) sides.add(new Option(side, side));
    sides.value = new URLSearchParams(location.search).get('human') || this.info.sides[0];
    sides.onchange = () => this.newGame();
    document.getElementById('new-game').onclick = () => this.newGame();
    document.getElementById('variant').textContent = `${meta.variant} (${meta.family})`;
  }

  // The side index the person plays.
  humanSide() {
    return this.info.sides.indexOf(document.getElementById('human-side').value);
  }

  // Starts again from the start position; the agent moves first if it is its turn.
  newGame() {
    this.rules.restart();
    this.generation += 1;
    this.played = [];
    this.agentMoves = [];
    this.selected = null;
    document.getElementById('history').replaceChildren();
    this.update();
  }

  // Plays a legal move (an entry of rules.legal()) for whichever side is to move.
  play(move) {
    const position = answer(this.rules.apply(move.action));
    this.played.push(move.name);
    const item = document.createElement('li');
    item.textContent = move.name;
    document.getElementById('history').append(item);
    this.selected = null;
    return position;
  }

  // Redraws everything and, when it is the agent's turn, lets it answer.
  update() {
    const position = answer(this.rules.position());
    const legal = position.over ? [] : answer(this.rules.legal());
    const humanToMove = position.to_move === this.humanSide();
    this.drawBoard(position, humanToMove ? legal : []);
    this.drawMoves(humanToMove ? legal : []);
    this.showStatus(position, humanToMove);
    const key = this.positionKey(position);
    if (!position.over && !humanToMove && this.agentAsked !== key) {  // once per position
      this.agentAsked = key;
      this.busy = this.busy.then(() => this.agentTurn(legal, key)).catch(showError);
    }
  }

  // Names the current position of the current game.
  positionKey(position) {
    return `${this.generation}:${position.ply}`;
  }

  // The agent's move in the position `key`, played after the network has chosen it unless
  // a new game started meanwhile.
  async agentTurn(legal, key) {
    const planes = this.rules.encode().slice();
    const choice = await this.agent.choose(planes, legal);
    if (key !== this.positionKey(answer(this.rules.position()))) return;
    this.agentMoves.push({name: choice.move.name, value: choice.value});
    this.play(choice.move);
    this.update();
  }

  // Says whose turn it is or how the game ended, and the agent's last move and value.
  showStatus(position, humanToMove) {
    const sides = this.info.sides;
    let text;
    if (position.over) {
      text = position.winner < 0 ? `Game over: draw (${position.reason}).`
                                 : `Game over: ${sides[position.winner]} win (${position.reason}).`;
    } else {
      text = humanToMove ? `Your move (${sides[position.to_move]}).` : `The agent (${sides[position.to_move]}) is thinking…`;
    }
    const last = this.agentMoves[this.agentMoves.length - 1];
    if (last) text += ` Agent's last move ${last.name}, its value ${last.value.toFixed(2)} for the side it moved.`;
    document.getElementById('status').textContent = text;
  }

  // One button per legal move of the person (every family: Morris removals, tic-tac-toe).
  drawMoves(legal) {
    const buttons = legal.map((move) => {
      const button = document.createElement('button');
      button.textContent = move.name;
      button.dataset.name = move.name;
      button.onclick = () => this.humanMove(move);
      return button;
    });
    document.getElementById('moves').replaceChildren(...buttons);
  }

  // A grid of clickable squares when the rules draw one (tafl, tic-tac-toe), else their drawing.
  drawBoard(position, legal) {
    const board = document.getElementById('board');
    const grid = gridOf(position.diagram);
    if (!grid) {
      const pre = document.createElement('pre');
      pre.textContent = position.diagram;
      board.replaceChildren(pre);
      return;
    }
    const targets = new Set(legal.filter((m) => squaresOf(m.name)[0] === this.selected)
        .map((m) => squaresOf(m.name)[1]));
    const table = document.createElement('table');
    for (const {rank, cells} of grid.rows) {
      const tr = table.insertRow();
      const label = tr.insertCell();
      label.className = 'label';
      label.textContent = rank;
      cells.forEach((cell, col) => {
        const td = tr.insertCell();
        const name = grid.files[col] + rank;
        td.dataset.square = name;
        if (isPiece(cell)) {
          td.dataset.piece = cell;
          const piece = document.createElement('span');
          piece.className = 'piece ' + (cell === cell.toLowerCase() ? 'lower' : 'upper');
          piece.textContent = cell;
          td.append(piece);
        } else if (cell !== '.') {
          td.textContent = cell;  // a marked square (throne, corner, camp)
          td.classList.add('mark');
        }
        if (name === this.selected) td.classList.add('selected');
        if (targets.has(name)) td.classList.add('target');
        td.onclick = () => this.clickSquare(name, legal);
      });
    }
    const letters = table.insertRow();
    letters.insertCell().className = 'label';
    for (const file of grid.files) {
      const td = letters.insertCell();
      td.className = 'label';
      td.textContent = file;
    }
    board.replaceChildren(table);
  }

  // A click on a square: picks a piece that can move, or moves the picked piece there.
  clickSquare(name, legal) {
    const move = legal.find((m) => squaresOf(m.name).length === 2 && squaresOf(m.name)[0] === this.selected &&
                                   squaresOf(m.name)[1] === name);
    if (move) return this.humanMove(move);
    const single = legal.find((m) => squaresOf(m.name).length === 1 && squaresOf(m.name)[0] === name);
    if (single) return this.humanMove(single);
    this.selected = legal.some((m) => squaresOf(m.name)[0] === name) ? name : null;
    this.update();
  }

  // Plays the person's move, then lets the agent answer.
  humanMove(move) {
    this.play(move);
    this.update();
  }

  // The pieces as drawn: square name -> piece letter (null when the board is not a grid).
  drawnBoard() {
    const cells = [...document.querySelectorAll('#board [data-square]')];
    if (cells.length === 0) return null;
    const pieces = {};
    for (const td of cells) if (td.dataset.piece) pieces[td.dataset.square] = td.dataset.piece;
    return pieces;
  }

  // Plays a move by clicking it as a person would: its squares on a grid, else its button.
  async clickMove(step) {
    await this.busy;
    const name = step === '*' ? answer(this.rules.legal())[0].name : step;
    const squares = squaresOf(name);
    if (squares.length > 0 && squares.every((s) => document.querySelector(`#board [data-square="${s}"]`))) {
      // Each click redraws the board: find every square afresh.
      for (const square of squares) document.querySelector(`#board [data-square="${square}"]`).click();
    } else {
      const button = document.querySelector(`#moves button[data-name="${name}"]`);
      if (!button) throw new Error(`move ${name} is not offered`);
      button.click();
    }
    if (this.played[this.played.length - 1] !== name) throw new Error(`clicking ${name} did not play it`);
    await this.busy;
  }

  // The test hook's report: the moves played, the position, the drawn board, the legal moves
  // and the network input, for comparing with the native engine.
  async report() {
    await this.busy;
    return {
      variant: this.meta.variant,
      agents: this.offer.agents,
      agent: this.offer.agent,
      moves: this.played,
      agent_moves: this.agentMoves,
      position: answer(this.rules.position()),
      drawn_board: this.drawnBoard(),
      legal: answer(this.rules.legal()).map((m) => m.name),
      planes: Array.from(this.rules.encode()),
    };
  }
}

// The agent to play and what the page offers ({folder, agents, agent}): with agents.json, the
// one the address names (?agent=NAME), else the first, in the folder of its name, and the
// choice lists them all; without it the one agent at the page's top (folder '').
async function chooseAgent() {
  const listed = await fetch('agents.json');
  if (!listed.ok) return {folder: '', agents: null, agent: null};
  const agents = await listed.json();
  const wanted = new URLSearchParams(location.search).get('agent');
  const agent = agents.find((a) => a.name === wanted) || agents[0];
  const select = document.getElementById('agent');
  for (const a of agents) select.add(new Option(`${a.name} (${a.variant})`, a.name));
  select.value = agent.name;
  select.onchange = () => {  // a new agent is a new page: its rules and network load afresh
    const query = new URLSearchParams(location.search);
    query.set('agent', select.value);
    location.search = query.toString();
  };
  document.getElementById('agent-choice').hidden = false;
  document.getElementById('agent-summary').textContent = agent.summary;
  return {folder: `${agent.name}/`, agents: agents.map((a) => a.name), agent: agent.name};
}

// Loads the agent's model.json, the rules module and the network, then starts a game.
async function main() {
  const offer = await chooseAgent();
  const meta = await (await fetch(`${offer.folder}model.json`)).json();
  const module = await TaflzeroRules();
  const rules = new module.Rules(meta.rules_yaml, meta.variant);
  if (rules.error()) throw new Error(rules.error());
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.wasmPaths = new URL('./', location.href).href;
  const session = await ort.InferenceSession.create(`${offer.folder}model.onnx`, {executionProviders: ['wasm']});
  const page = new Page(meta, rules, new Agent(session, meta.architecture.input_shape), offer);
  window.taflzeroPage = page;
  page.newGame();
  const script = new URLSearchParams(location.search).get('script');
  if (script !== null) {
    for (const name of script.split(',').filter((m) => m)) await page.clickMove(name);
    showResult(await page.report());
  }
}

// Writes the test hook's result (or error) into #test-result.
function showResult(result) {
  const out = document.getElementById('test-result');
  out.textContent = JSON.stringify(result);
  out.hidden = false;
}

// Shows an error in the status line and as the test hook's result.
function showError(e) {
  document.getElementById('status').textContent = `Error: ${e.message || e}`;
  showResult({error: String(e.message || e)});
}

main().catch(showError);
