// The analysis board (analysis.html): play the computer (it replies by
// itself, at a level given in time), or set up any position, list every
// legal move with its outcome, step through a move's frames, play moves and
// go back to any of them in the move list, copy the position or the game as
// YAML, and share the game as a link (the start and the moves in the URL's
// hash, which opening the link replays). The rules engine runs in a Web
// Worker (omweso.wasm, started by OmwesoEngineClient in omweso.js): a move
// that takes seconds to decide never freezes the page, and the reader can
// stop it. The board is the one every figure's "Try a move" and every
// puzzle shows (omweso-try.js): the engine's drawing, from a seat, its pits
// named, a move's frames in its place. How a move ends and what a position
// with no move means are the engine's sentences (the narrator's, in its
// answers' `text` and `no_move`; a search's score in `evaluation`, how
// far it looked in `searched`), shown as they are.
(function () {
  "use strict";
  var app = document.getElementById("analysis");
  if (!app) return;
  var data = JSON.parse(document.getElementById("analysis-data").textContent);
  var assets = new URL("assets/", document.baseURI).href;
  var $ = function (sel) { return app.querySelector(sel); };

  // ---- The engine, in a worker that can be stopped and replaced
  // (OmwesoEngineClient, omweso.js: over http(s) and from disk alike).
  var engine = window.OmwesoEngineClient(assets);
  var ask = engine.ask, stopEngine = engine.stop;

  // ---- The position: grid rows as in position files (North outer first).
  var variants = data.variants;
  var FLAGS = ["first_move", "opponent_first_move", "before_first_capture"];
  function emptyPosition() {
    return { variant: data.default_variant, to_move: "south", board: [[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0]],
      first_move: false, opponent_first_move: false, before_first_capture: false };
  }
  function standardPosition() {
    var p = emptyPosition();
    p.board = [[4,4,4,4,4,4,4,4],[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[4,4,4,4,4,4,4,4]];
    p.first_move = true; p.opponent_first_move = true; p.before_first_capture = true;
    return p;
  }
  function copy(p) { return JSON.parse(JSON.stringify(p)); }
  // p's variant with the board, side to move and flags of a position the
  // engine answered with (a move's "after", a set-up's "position")
  function positionFrom(p, answered) {
    var q = copy(p);
    q.board = answered.board;
    q.to_move = answered.to_move;
    FLAGS.forEach(function (f) { q[f] = answered[f]; });
    return q;
  }
  function variantOf(name) { return variants.filter(function (v) { return v.name === name; })[0]; }
  function requestText(command, p, extra) {
    var v = variantOf(p.variant);
    var s = "do " + command + "\nvariant " + v.name + "\n";
    if (v.rules) s += "rules " + v.rules + "\n";
    s += "to_move " + p.to_move + "\nboard " + p.board.map(function (r) { return r.join(" "); }).join(" ") + "\n";
    var flags = FLAGS.filter(function (f) { return p[f]; });
    if (flags.length) s += "flags " + flags.join(" ") + "\n";
    return s + (extra || "");
  }
  // Pit name of grid cell (row, col): North's pits count from North's seat.
  function pitName(r, c) {
    if (r === 0) return "N" + (8 - c);
    if (r === 1) return "N" + (9 + c);
    if (r === 2) return "S" + (16 - c);
    return "S" + (1 + c);
  }
  function sideTotal(p, side) {
    var rows = side === "north" ? [0, 1] : [2, 3], t = 0;
    rows.forEach(function (r) { p.board[r].forEach(function (n) { t += n; }); });
    return t;
  }
  function positionYaml(p) {
    var s = "variant: " + p.variant + "\nto_move: " + p.to_move + "\n";
    FLAGS.forEach(function (f) { if (p[f]) s += f + ": true\n"; });
    var names = ["North outer  (N8 … N1)", "North inner  (N9 … N16)", "South inner  (S16 … S9)", "South outer  (S1 … S8)"];
    s += "board:\n";
    p.board.forEach(function (row, i) { s += "  - [" + row.join(", ") + "]  # " + names[i] + "\n"; });
    return s;
  }
  // A position file's YAML, as `omweso moves` reads it: variant, to_move,
  // the three flags and the board (four rows of eight, block or flow).
  function parseYaml(text) {
    var p = emptyPosition(), rows = [], inBoard = false, seen = {};
    text.split(/\r\n|\r|\n/).forEach(function (raw, i) {
      var line = raw.replace(/\s+#.*$/, "").replace(/^#.*$/, "");
      if (!line.trim()) return;
      var m = /^([a-z_]+):\s*(.*)$/.exec(line);
      if (m) {
        inBoard = false;
        var key = m[1], value = m[2].trim();
        seen[key] = true;
        if (key === "board") {
          if (value) rows = JSON.parse(value);
          else inBoard = true;
        } else if (key === "variant") {
          if (!variantOf(value)) throw new Error("line " + (i + 1) + ": unknown variant " + value + " (this site has " + variants.map(function (v) { return v.name; }).join(", ") + ")");
          p.variant = value;
        } else if (key === "to_move") {
          if (value !== "south" && value !== "north") throw new Error("line " + (i + 1) + ": expected to_move: south or north");
          p.to_move = value;
        } else if (key === "first_move" || key === "opponent_first_move" || key === "before_first_capture") {
          p[key] = value === "true" || value === "yes";
        }
        return;
      }
      var item = /^\s+-\s*(\[.*\])\s*$/.exec(line);
      if (inBoard && item) { rows.push(JSON.parse(item[1])); return; }
      if (!/^\s/.test(line)) throw new Error("line " + (i + 1) + ": expected key: value");
    });
    if (!seen.board) throw new Error("no board: expected board: and four rows of eight numbers");
    if (rows.length !== 4 || rows.some(function (r) { return !Array.isArray(r) || r.length !== 8 || r.some(function (n) { return !(n >= 0 && n === Math.floor(n)); }); }))
      throw new Error("board: expected four rows of eight whole numbers");
    p.board = rows;
    if (sideTotal(p, "south") + sideTotal(p, "north") > 64) throw new Error("board: more than 64 seeds");
    return p;
  }

  // ---- State: the start, the moves played (`line`) and where the board
  // stands in them (`at`: 0 at the start, line.length after the last move).
  // Going back keeps the moves after `at` to go forward again, until
  // another move is played from there.
  var start = standardPosition();
  var line = []; // {side, notation, start_pit, text, result, over, position (after), evaluation}
  var at = 0;
  var selected = { r: 3, c: 0 };
  var opponent = ""; // the side the computer plays by itself ("" neither)
  var evaluations = {}; // a position's request text -> what a search said of it
  function current() { return at ? line[at - 1].position : start; }
  function lastMove() { return at ? line[at - 1] : null; }
  function over() { return at > 0 && line[at - 1].over; }
  // the board can be edited at the start only (editing drops the moves)
  function editable() { return at === 0; }
  function sideName(s) { return s === "south" ? "South" : "North"; }
  function key(p) { return requestText("board", p); }

  // ---- The board: the engine's drawing of the position (`do board`, the
  // same as a figure's "Try a move" and a puzzle's board: from a seat, its
  // pits named), with buttons over its 32 pits (OmwesoTry.pickLayer), the
  // last move's start pit tinted and the pit selected framed by a square.
  // The drawings come from a worker of their own, never stopped, so that
  // the board follows every change even while the computer thinks. A
  // move's frames are shown in the board's place (OmwesoTry.viewer, as in
  // a figure: Previous, Play, Next), "Back to the board" brings it back.
  var NS = "http://www.w3.org/2000/svg";
  var drawer = window.OmwesoEngineClient(assets);
  var boardEl = $(".an-board"), drawnEl = $(".an-drawn"), replayEl = $(".an-replay");
  var shadedEl = $(".an-key-shaded");
  var seatChoice = ""; // "" the seat of the game (below), else "south" or "north"
  var drawnKey = "", targets = {}, display = {};
  // The side drawn at the bottom: the one chosen with "Turn the board",
  // else the reader's when playing the computer, else the side to move at
  // the start (as a puzzle's board is drawn).
  function seat() {
    if (seatChoice) return seatChoice;
    if (opponent) return opponent === "south" ? "north" : "south";
    return start.to_move;
  }
  // The grid cell of a side's pit (the inverse of pitName).
  function pitCell(side, n) {
    if (side === "N") return n <= 8 ? { r: 0, c: 8 - n } : { r: 1, c: n - 9 };
    return n >= 9 ? { r: 2, c: 16 - n } : { r: 3, c: n - 1 };
  }
  function seedsWord(n) { return n + (n === 1 ? " seed" : " seeds"); }
  // Ask for the position's drawing when it (or the seat) changed; the
  // marks are drawn on it at once.
  function drawBoard() {
    var p = current(), req = requestText("board", p, "seat " + seat() + "\n");
    if (req === drawnKey) { mark(); return; }
    drawnKey = req;
    boardEl.setAttribute("aria-busy", "true");
    drawer.ask(req).then(function (a) {
      if (req !== drawnKey) return;
      drawnEl.innerHTML = a.frames[0].svg;
      var svg = drawnEl.querySelector("svg");
      // what the board's shading means, in the board's key (the engine's
      // words for the rule set: none where nothing is shaded)
      shadedEl.innerHTML = a.frames[0].key || "";
      var counts = window.OmwesoTry.counts(req);
      targets = {};
      ["S", "N"].forEach(function (side) {
        window.OmwesoTry.pickLayer(drawnEl, svg, side, counts, function (n) { onPit(side, n); }, function (label, seeds) {
          return label + ": " + seedsWord(seeds);
        }).forEach(function (t) { targets[t.dataset.label] = t; });
      });
      // where each pit is drawn: rows top to bottom, columns left to right
      var centres = window.OmwesoTry.pitCentres(drawnEl), ys = [], xs = [];
      Object.keys(centres).forEach(function (k) {
        if (ys.indexOf(centres[k].y) < 0) ys.push(centres[k].y);
        if (xs.indexOf(centres[k].x) < 0) xs.push(centres[k].x);
      });
      ys.sort(function (u, v) { return u - v; }); xs.sort(function (u, v) { return u - v; });
      display = {};
      Object.keys(centres).forEach(function (k) { display[k] = { row: ys.indexOf(centres[k].y), col: xs.indexOf(centres[k].x) }; });
      boardEl.removeAttribute("aria-busy");
      mark();
    }, function (e) {
      if (req !== drawnKey) return;
      drawnKey = "";
      boardEl.removeAttribute("aria-busy");
      if (e.message !== "stopped") status("The board cannot be drawn: " + e.message);
    });
  }
  // The marks on the drawn board: the last move's start pit tinted (under
  // its name and seeds), the pit selected framed, one pit to tab to.
  function mark() {
    var svg = drawnEl.querySelector("svg");
    if (!svg) return;
    Array.prototype.forEach.call(svg.querySelectorAll(".an-last-mark, .an-selected-mark"), function (m) { m.remove(); });
    var last = lastMove(), sel = pitName(selected.r, selected.c);
    var lastLabel = last ? last.side + last.start_pit : "";
    Array.prototype.forEach.call(svg.querySelectorAll("text.omw-pitno"), function (t) {
      var label = t.textContent.trim(), target = targets[label];
      if (!target) return;
      var x = target.getAttribute("cx"), y = target.getAttribute("cy");
      if (label === lastLabel) {
        var tint = document.createElementNS(NS, "circle");
        tint.setAttribute("class", "an-last-mark");
        tint.setAttribute("cx", x); tint.setAttribute("cy", y); tint.setAttribute("r", 30);
        tint.dataset.label = label;
        t.parentNode.insertBefore(tint, t);
      }
      if (label === sel) {
        var box = document.createElementNS(NS, "rect");
        box.setAttribute("class", "an-selected-mark");
        box.setAttribute("x", x - 35); box.setAttribute("y", y - 35);
        box.setAttribute("width", 70); box.setAttribute("height", 70); box.setAttribute("rx", 3);
        target.parentNode.insertBefore(box, target.parentNode.firstChild);
      }
      var n = current().board[pitCell(label[0], +label.slice(1)).r][pitCell(label[0], +label.slice(1)).c];
      target.setAttribute("aria-label", label + ": " + seedsWord(n) +
        (label === lastLabel ? " (the last move, " + last.side + last.notation + ", started here)" : "") +
        (label === sel ? " (selected)" : ""));
      target.setAttribute("tabindex", label === sel ? "0" : "-1");
    });
  }
  // A tap on a pit (or Enter on it): it is selected, and if it is the
  // side to move's, its moves are played or offered, as lichess's board
  // does: a pit with one legal move plays it at once; a pit with several
  // (choices of direction) lists them under the board, the first focused.
  // While the start can still be edited (no move played, nobody playing
  // the computer) a tap selects the pit for editing, so its moves are
  // offered, never played at once.
  function onPit(side, n) {
    var cell = pitCell(side, n);
    selected = { r: cell.r, c: cell.c };
    draw();
    clearPitMoves();
    var mover = current().to_move === "south" ? "S" : "N";
    if (side !== mover || over() || computerToMove() || app.classList.contains("an-thinking")) return;
    var setting = editable() && !line.length && !opponent;
    var my = epoch;
    pitMoves(n).then(function (list) {
      if (my !== epoch) return;
      showMovesFrom(n);
      if (list.length === 1 && !setting) { playMove(list[0]); return; }
      // setting up, the focus stays on the pit (digits change its count)
      offerPitMoves(side, n, list, !setting);
    }, function (e) {
      if (my === epoch && e.message !== "stopped") status("The engine failed: " + e.message);
    });
  }
  // The legal moves from one pit of the side to move: from the list when
  // every pit is decided, else asked for (the engine answers in turn).
  function pitMoves(n) {
    if (listed === epoch) return Promise.resolve(moves.filter(function (m) { return m.start_pit === n; }));
    return ask(requestText("moves", current(), "pit " + n + "\n")).then(function (a) { return a.moves; });
  }
  var pitMovesEl = $(".an-pit-moves");
  function clearPitMoves() { pitMovesEl.innerHTML = ""; pitMovesEl.hidden = true; }
  function offerPitMoves(side, n, list, focus) {
    pitMovesEl.innerHTML = "";
    var head = document.createElement("p");
    head.className = "an-pit-moves-title";
    head.textContent = list.length ? (list.length === 1 ? "The move from " : "The " + list.length + " moves from ") + side + n + ":"
      : "No legal move starts from " + side + n + ".";
    pitMovesEl.appendChild(head);
    var ul = document.createElement("ul");
    list.forEach(function (m) {
      var li = document.createElement("li");
      var b = document.createElement("button");
      b.type = "button"; b.className = "an-pit-play";
      b.dataset.notation = m.notation;
      var code = document.createElement("code");
      code.textContent = "Play " + side + m.notation;
      b.appendChild(code);
      b.addEventListener("click", function () { clearPitMoves(); playMove(m); });
      var said = document.createElement("span");
      said.className = "an-said";
      said.textContent = " " + m.text;
      li.appendChild(b); li.appendChild(said);
      ul.appendChild(li);
    });
    if (list.length) pitMovesEl.appendChild(ul);
    pitMovesEl.hidden = false;
    var first = pitMovesEl.querySelector("button");
    if (first && focus) first.focus({ preventScroll: true });
    pitMovesEl.scrollIntoView({ block: "nearest" });
  }
  pitMovesEl.addEventListener("keydown", function (e) {
    // Escape: back to the pit on the board
    if (e.key !== "Escape") return;
    clearPitMoves();
    var t = targets[pitName(selected.r, selected.c)];
    if (t) t.focus();
    e.preventDefault();
  });
  boardEl.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (!replayEl.hidden) {
      // a move's frames shown: the arrow keys step them, as a figure's
      var which = e.key === "ArrowLeft" ? ".prev" : e.key === "ArrowRight" ? ".next" : "";
      var b = which && replayEl.querySelector(".stepper " + which);
      if (b && !b.disabled) { b.click(); e.preventDefault(); }
      return;
    }
    var d = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
    if (d) {
      // to the next pit as drawn (the board may be turned)
      var at_ = display[pitName(selected.r, selected.c)];
      if (at_) {
        var want = { row: Math.max(0, Math.min(3, at_.row + d[0])), col: Math.max(0, Math.min(7, at_.col + d[1])) };
        Object.keys(display).forEach(function (k) {
          if (display[k].row === want.row && display[k].col === want.col) {
            var cell = pitCell(k[0], +k.slice(1));
            selected = { r: cell.r, c: cell.c };
          }
        });
      }
      draw();
      var t = targets[pitName(selected.r, selected.c)];
      if (t) t.focus();
      e.preventDefault();
      return;
    }
    if (!editable()) return;
    if (/^[0-9]$/.test(e.key)) { setCount(+e.key); e.preventDefault(); }
    else if (e.key === "+" || e.key === "=") { setCount(count() + 1); e.preventDefault(); }
    else if (e.key === "-") { setCount(count() - 1); e.preventDefault(); }
    else if (e.key === "Backspace" || e.key === "Delete") { setCount(0); e.preventDefault(); }
  });
  // A move's frames in the board's place (`a`: the engine's `play`
  // answer), titled; "Back to the board" ends them.
  var backBtn = $(".an-back"), replayLast = $(".an-replay-last");
  function showFrames(a, title) {
    replayEl.innerHTML = "";
    var h = document.createElement("p");
    h.className = "an-frames-title";
    h.textContent = title;
    replayEl.appendChild(h);
    replayEl.appendChild(window.OmwesoTry.viewer(a, true));
    replayEl.hidden = false;
    drawnEl.hidden = true;
    backBtn.hidden = false;
    boardEl.dataset.showing = "frames";
  }
  function backToBoard() {
    replayEl.hidden = true;
    replayEl.innerHTML = "";
    drawnEl.hidden = false;
    backBtn.hidden = true;
    delete boardEl.dataset.showing;
  }
  backBtn.addEventListener("click", function () {
    backToBoard();
    var t = targets[pitName(selected.r, selected.c)];
    if (t) t.focus();
  });
  // the last move played, frame by frame, from the position before it
  replayLast.addEventListener("click", function () {
    var m = lastMove();
    if (!m) return;
    var before = at > 1 ? line[at - 2].position : start;
    replayLast.disabled = true;
    drawer.ask(requestText("play", before, "move " + m.notation + "\nseat " + seat() + "\nlabels on\n")).then(function (a) {
      replayLast.disabled = false;
      if (lastMove() !== m) return;
      showFrames(a, "The last move, " + m.side + m.notation + ": " + m.text);
    }, function (e) {
      replayLast.disabled = false;
      status("The move cannot be drawn: " + e.message);
    });
  });
  $(".an-turn").addEventListener("click", function () {
    // the other side at the bottom (back to the game's own seat: no choice kept)
    var turned = seat() === "south" ? "north" : "south";
    seatChoice = "";
    if (seat() !== turned) seatChoice = turned;
    backToBoard();
    draw();
    writeLink();
  });
  function count() { return start.board[selected.r][selected.c]; }
  function setCount(n) {
    if (!editable()) return;
    var total = sideTotal(start, "south") + sideTotal(start, "north") - count();
    n = Math.max(0, Math.min(64 - total, n | 0));
    start.board[selected.r][selected.c] = n;
    restart();
  }

  // ---- Controls.
  var variantSel = $(".an-variant"), moverSel = $(".an-mover"), opponentSel = $(".an-opponent"), levelSel = $(".an-strength");
  variants.forEach(function (v) {
    var o = document.createElement("option");
    o.value = v.name; o.textContent = v.title;
    variantSel.appendChild(o);
  });
  variantSel.addEventListener("change", function () { start.variant = variantSel.value; restart(); });
  moverSel.addEventListener("change", function () { start.to_move = moverSel.value; restart(); });
  FLAGS.forEach(function (f) {
    $(".an-flag-" + f).addEventListener("change", function (e) { start[f] = e.target.checked; restart(); });
  });
  $(".an-count-input").addEventListener("change", function (e) { setCount(+e.target.value); });
  $(".an-minus").addEventListener("click", function () { setCount(count() - 1); });
  $(".an-plus").addEventListener("click", function () { setCount(count() + 1); });
  function setupNote(text) { $(".an-setup-note").textContent = text || ""; }
  $(".an-standard").addEventListener("click", function () { var v = start.variant; start = standardPosition(); start.variant = v; setupNote(); restart(); });
  $(".an-clear").addEventListener("click", function () { var v = start.variant; start = emptyPosition(); start.variant = v; setupNote(); restart(); });
  // Both sides' set-ups as the computer's set-up policy draws them (the
  // engine's setup::arrange, from a fresh seed): a game's start, with the
  // narrator's note on how each side was set up.
  $(".an-players").addEventListener("click", function () {
    var seed = Math.floor(Math.random() * 4294967296);
    ask(requestText("setup", start, "seed " + seed + "\n")).then(function (a) {
      start = positionFrom(start, a.position);
      setupNote(a.said);
      restart();
    }, function (x) { setupNote("No set-up: " + x.message); });
  });
  $(".an-load").addEventListener("click", function () {
    var err = $(".an-yaml-error");
    try { start = parseYaml($(".an-yaml").value); err.textContent = ""; setupNote(); restart(); }
    catch (x) { err.textContent = x.message; }
  });
  $(".an-copy-position").addEventListener("click", function () { copyText(positionYaml(current()), "Position copied"); });
  $(".an-copy-game").addEventListener("click", function () { copyText(gameYaml(), "Game copied"); });
  function go(to) {
    to = Math.max(0, Math.min(line.length, to));
    if (to !== at) { at = to; changed(); }
  }
  $(".an-first").addEventListener("click", function () { go(0); });
  $(".an-undo").addEventListener("click", function () { go(at - 1); });
  $(".an-redo").addEventListener("click", function () { go(at + 1); });
  $(".an-last-move").addEventListener("click", function () { go(line.length); });
  $(".an-game").addEventListener("keydown", function (e) {
    if (e.target.matches("input, select, textarea")) return;
    var to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: line.length }[e.key];
    if (to === undefined) return;
    go(to);
    e.preventDefault();
    var cur = app.querySelector(".an-line .an-current .an-ply");
    if (cur) cur.focus();
  });
  $(".an-stop").addEventListener("click", function () { stopEngine(); status("Stopped."); });
  $(".an-computer").addEventListener("click", function () { computerMove(); });
  $(".an-evaluate").addEventListener("click", evaluate);
  // choosing the computer's side puts the reader's at the bottom
  opponentSel.addEventListener("change", function () { opponent = opponentSel.value; seatChoice = ""; changed(); });
  $(".an-new-game").addEventListener("click", function () {
    var v = start.variant;
    start = standardPosition(); start.variant = v;
    if (!opponent) { opponent = "north"; opponentSel.value = opponent; }
    setupNote();
    think("");
    restart();
  });
  $(".an-copy-link").addEventListener("click", function () {
    var input = $(".an-link"), done = function () { think("Link copied: opening it shows this game."); };
    input.select();
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, function () { think("Select the link and copy it."); });
    else think("Select the link and copy it.");
  });

  function copyText(text, done) {
    var out = $(".an-yaml");
    out.value = text;
    var ok = function () { status(done + " (also shown below, under Position as YAML)."); };
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(ok, ok); else ok();
    $(".an-yaml-box").open = true;
  }
  function gameYaml() {
    var played = line.slice(0, at), last = lastMove();
    var s = "id: analysis\nrecord: demonstration\nvariant: " + start.variant + "\nnotes: Played on the analysis board.\nstart:\n";
    s += "  to_move: " + start.to_move + "\n  board:\n";
    start.board.forEach(function (row) { s += "    - [" + row.join(", ") + "]\n"; });
    FLAGS.forEach(function (f) { if (start[f]) s += "  " + f + ": true\n"; });
    s += "moves:\n";
    played.forEach(function (m) { s += "  - " + m.side + m.notation + "\n"; });
    if (!played.length) s += "  []\n";
    s += "result: " + (last && last.result ? last.result : "none") + "\n";
    return s.replace("moves:\n  []\n", "moves: []\n");
  }

  function status(text) { $(".an-status").textContent = text; }
  function think(text) { $(".an-computer-status").textContent = text; }
  function restart() { line = []; at = 0; changed(); }
  // Every change of position: stale answers are dropped (by `epoch`), the
  // board and the link redrawn, and then either the computer plays (its
  // side to move, at the end of the game) or the legal moves are listed.
  var epoch = 0;
  function changed() {
    stopEngine();
    epoch++;
    thinking(false);
    backToBoard();
    clearPitMoves();
    draw();
    writeLink();
    if (computerToMove()) computerMove();
    else listMoves();
  }
  function computerToMove() {
    return !!opponent && opponent === current().to_move && at === line.length && !over();
  }

  function draw() {
    var p = current(), last = lastMove();
    drawBoard();
    replayLast.hidden = !last;
    replayLast.textContent = last ? "Replay " + last.side + last.notation : "";
    $(".an-key-last").hidden = !last;
    $(".an-key-last-text").textContent = last ? "where the last move, " + last.side + last.notation + ", started" : "";
    variantSel.value = start.variant;
    variantSel.disabled = moverSel.disabled = !editable();
    moverSel.value = p.to_move;
    opponentSel.value = opponent;
    FLAGS.forEach(function (f) {
      var box = $(".an-flag-" + f);
      box.checked = p[f]; box.disabled = !editable();
    });
    app.classList.toggle("an-playing", !editable());
    $(".an-count-input").value = count();
    $(".an-count-input").disabled = $(".an-minus").disabled = $(".an-plus").disabled = !editable();
    $(".an-totals").textContent = "South " + sideTotal(p, "south") + " · North " + sideTotal(p, "north") +
      " · " + (sideTotal(p, "south") + sideTotal(p, "north")) + " of 64 seeds · " + sideName(p.to_move) + " to move";
    $(".an-first").disabled = $(".an-undo").disabled = at === 0;
    $(".an-redo").disabled = $(".an-last-move").disabled = at === line.length;
    $(".an-computer").disabled = $(".an-evaluate").disabled = over();
    var played = $(".an-line");
    played.innerHTML = "";
    line.forEach(function (m, i) {
      var li = document.createElement("li");
      var go_ = document.createElement("button");
      go_.type = "button"; go_.className = "an-ply";
      go_.textContent = m.side + m.notation;
      go_.setAttribute("aria-label", "Move " + (i + 1) + ", " + m.side + m.notation + ": go to the position after it");
      go_.addEventListener("click", function () { go(i + 1); });
      var said = document.createElement("span");
      said.className = "an-said";
      said.textContent = m.text;
      li.appendChild(go_); li.appendChild(document.createTextNode(" ")); li.appendChild(said);
      if (i + 1 === at) { li.className = "an-current"; go_.setAttribute("aria-current", "step"); }
      else if (i + 1 > at) li.className = "an-ahead";
      played.appendChild(li);
    });
    var cur = played.querySelector(".an-current");
    if (cur) played.scrollTop = Math.max(0, cur.offsetTop - played.clientHeight / 2);
    else played.scrollTop = 0;
    $(".an-line-empty").hidden = line.length > 0;
    drawEvaluation();
  }
  // The evaluation of the position shown: a search's of this very position
  // (Evaluate, or the computer before it played from here), else the
  // computer's as it played the last move; the sentence is the module's.
  function drawEvaluation() {
    var p = current(), last = lastMove(), known = evaluations[key(p)], el = $(".an-eval");
    el.textContent = "";
    if (known) {
      el.textContent = "Evaluation: " + known.evaluation + ". ";
      // how far the search looked, in smaller type
      var how = document.createElement("span");
      how.className = "an-searched";
      how.textContent = known.searched;
      el.appendChild(how);
    } else if (last && last.evaluation && !over()) el.textContent = "Evaluation, as the computer played " + last.side + last.notation + ": " + last.evaluation + ".";
  }

  // ---- The shareable link: the start (variant, side to move, flags,
  // board) and the moves in the hash, with where the board stands and the
  // computer's side and level: #v=modern&to=south&f=fm.ofm.bfc&b=4.4.…&m=5.12C&at=2&vs=north&lv=500.
  // Written on every change (history.replaceState: no new history entry,
  // no load), read when the page opens or the hash is changed by hand.
  var FLAG_SHORT = { first_move: "fm", opponent_first_move: "ofm", before_first_capture: "bfc" };
  var written = "";
  function linkHash() {
    var h = "v=" + encodeURIComponent(start.variant) + "&to=" + start.to_move;
    var f = FLAGS.filter(function (k) { return start[k]; }).map(function (k) { return FLAG_SHORT[k]; });
    if (f.length) h += "&f=" + f.join(".");
    h += "&b=" + start.board.map(function (r) { return r.join("."); }).join(".");
    if (line.length) h += "&m=" + line.map(function (m) { return m.notation; }).join(".");
    if (at !== line.length) h += "&at=" + at;
    if (opponent) h += "&vs=" + opponent;
    if (seatChoice) h += "&seat=" + seatChoice;
    // the level, when not the page's default: its time a move in ms
    var lv = /^time_ms (\d+)$/.exec(levelSel.value);
    if (lv && !levelSel.options[levelSel.selectedIndex].defaultSelected) h += "&lv=" + lv[1];
    return "#" + h;
  }
  function writeLink() {
    var h = linkHash();
    if (h !== location.hash) {
      written = h;
      try { history.replaceState(null, "", h); } catch (x) { location.replace(h); }
    }
    $(".an-link").value = location.href;
  }
  // The game a link holds, or null: {start, moves, at, vs, level}.
  function readLink(hash) {
    var q = {};
    hash.replace(/^#/, "").split("&").forEach(function (kv) {
      var i = kv.indexOf("=");
      if (i > 0) q[kv.slice(0, i)] = decodeURIComponent(kv.slice(i + 1));
    });
    if (!q.b) return null;
    var p = emptyPosition();
    if (q.v && variantOf(q.v)) p.variant = q.v;
    if (q.to === "north") p.to_move = "north";
    var counts = q.b.split(".").map(Number);
    if (counts.length !== 32 || counts.some(function (n) { return !(n >= 0 && n === Math.floor(n)); }) ||
        counts.reduce(function (a, n) { return a + n; }, 0) > 64) return null;
    p.board = [0, 1, 2, 3].map(function (r) { return counts.slice(8 * r, 8 * r + 8); });
    var f = (q.f || "").split(".");
    FLAGS.forEach(function (k) { p[k] = f.indexOf(FLAG_SHORT[k]) >= 0; });
    var moves = q.m ? q.m.split(".").filter(function (m) { return /^[0-9A-Za-z]+$/.test(m); }) : [];
    var to = q.at === undefined ? moves.length : Math.max(0, Math.min(moves.length, parseInt(q.at, 10) || 0));
    var level = q.lv && /^\d+$/.test(q.lv) && Array.prototype.some.call(levelSel.options, function (o) { return o.value === "time_ms " + q.lv; })
      ? "time_ms " + q.lv : "";
    return { start: p, moves: moves, at: to, vs: q.vs === "north" || q.vs === "south" ? q.vs : "", level: level,
      seat: q.seat === "north" || q.seat === "south" ? q.seat : "" };
  }
  // Replay a link's game move by move (the engine gives each position and
  // each move's words); a move that cannot be played ends the replay there.
  function openLink(game) {
    stopEngine();
    var my = ++epoch;
    start = game.start; line = []; at = 0;
    opponent = game.vs;
    seatChoice = game.seat;
    if (game.level) levelSel.value = game.level;
    think("");
    var k = 0;
    function next() {
      if (my !== epoch) return Promise.resolve();
      if (k >= game.moves.length) { at = Math.min(game.at, line.length); changed(); return Promise.resolve(); }
      var p = current();
      status("Replaying the game from the link: move " + (k + 1) + " of " + game.moves.length + "…");
      return ask(requestText("play", p, "move " + game.moves[k] + "\n")).then(function (a) {
        if (my !== epoch) return;
        line.push(entryFor(p, a.move, a.after));
        at = line.length;
        k++;
        return next();
      }, function (e) {
        if (my !== epoch) return;
        think("The link's move " + (k + 1) + " (" + game.moves[k] + ") cannot be played: " + e.message + ". The game stops before it.");
        at = line.length; changed();
      });
    }
    return next();
  }
  levelSel.addEventListener("change", writeLink);
  window.addEventListener("hashchange", function () {
    if (location.hash === written) return;
    var game = readLink(location.hash);
    if (game) openLink(game);
  });

  // ---- Legal moves, pit by pit (progress, and a stop between pits).
  var moves = [];
  var listed = -1; // the epoch whose moves are all listed
  function listMoves() {
    var p = current(), my = epoch, list = $(".an-moves");
    list.innerHTML = "";
    moves = [];
    if (over()) { status("The game is over: " + lastMove().text); return; }
    var progress = $(".an-progress");
    progress.hidden = false; progress.value = 0;
    $(".an-stop").hidden = false;
    status("Deciding every move…");
    var pit = 1, noMove = "";
    function step() {
      if (my !== epoch) return;
      if (pit > 16) {
        listed = my;
        progress.hidden = true; $(".an-stop").hidden = true;
        if (!moves.length) status(noMove);
        else status(moves.length + (moves.length === 1 ? " legal move." : " legal moves."));
        return;
      }
      ask(requestText("moves", p, "pit " + pit + "\n")).then(function (a) {
        if (my !== epoch) return;
        a.moves.forEach(addMove);
        noMove = a.no_move;
        progress.value = pit; pit++;
        step();
      }, function (e) {
        if (my !== epoch) return;
        progress.hidden = true; $(".an-stop").hidden = true;
        status(e.message === "stopped" ? "Stopped: the moves listed so far are decided." : "The engine failed: " + e.message);
      });
    }
    step();
  }
  function addMove(m) {
    moves.push(m);
    var side = current().to_move === "south" ? "S" : "N";
    var li = document.createElement("li");
    li.dataset.notation = m.notation;
    li.dataset.pit = m.start_pit;
    var name = document.createElement("code");
    name.textContent = side + m.notation;
    var text = document.createElement("span");
    text.className = "an-outcome";
    text.textContent = " " + m.text + " ";
    var show = document.createElement("button");
    show.type = "button"; show.textContent = "Show"; show.className = "an-show";
    show.addEventListener("click", function () { showMove(m); });
    var play = document.createElement("button");
    play.type = "button"; play.textContent = "Play"; play.className = "an-play";
    play.addEventListener("click", function () { playMove(m); });
    li.appendChild(name); li.appendChild(text); li.appendChild(show); li.appendChild(play);
    $(".an-moves").appendChild(li);
  }
  function showMovesFrom(pit) {
    var items = app.querySelectorAll(".an-moves li");
    Array.prototype.forEach.call(items, function (li) { li.classList.toggle("an-from", +li.dataset.pit === pit); });
    var first = app.querySelector('.an-moves li[data-pit="' + pit + '"]');
    if (first) first.scrollIntoView({ block: "nearest" });
  }

  // ---- A move's frames, in the board's place (from its seat, its pits
  // named), from the drawings' worker.
  function showMove(m) {
    var p = current(), my = epoch;
    status("Drawing " + m.notation + "…");
    return drawer.ask(requestText("play", p, "move " + m.notation + "\nseat " + seat() + "\nlabels on\n")).then(function (a) {
      if (my !== epoch) return;
      showFrames(a, (p.to_move === "south" ? "S" : "N") + m.notation + ": " + m.text);
      boardEl.scrollIntoView({ block: "nearest" });
      status("");
      return a;
    }, function (e) { status(e.message === "stopped" ? "Stopped." : "The engine failed: " + e.message); });
  }

  // A played move as the move list keeps it: `m` a move of the engine's
  // answers, `after` the position it leads to (null when the game ends).
  function entryFor(p, m, after) {
    return { side: p.to_move === "south" ? "S" : "N", notation: m.notation, start_pit: m.start_pit, text: m.text,
      result: m.outcome ? m.outcome.result : null, over: !after || !!m.outcome,
      position: after ? positionFrom(p, after) : copy(p), evaluation: null };
  }
  // Play `m` where the board stands: the moves after it are dropped.
  function playMove(m, evaluation) {
    var p = current(), my = epoch;
    return ask(requestText("play", p, "move " + m.notation + "\n")).then(function (a) {
      if (my !== epoch) return;
      var entry = entryFor(p, m, a.after);
      entry.evaluation = evaluation || null;
      line = line.slice(0, at);
      line.push(entry);
      at = line.length;
      changed();
    }, function (e) { if (my === epoch) status(e.message === "stopped" ? "Stopped." : "The engine failed: " + e.message); });
  }

  // ---- The computer: the search player built into the module (alpha-beta
  // with iterative deepening), within the time of the level chosen (the
  // module stops on the page's clock and plays its deepest finished search).
  function levelWords() { return levelSel.options[levelSel.selectedIndex].textContent; }
  function thinking(on) {
    $(".an-computer-stop").hidden = !on;
    app.classList.toggle("an-thinking", on);
  }
  function search(p) { return ask(requestText("best", p, levelSel.value + "\n")); }
  function computerMove() {
    if (over()) { think("The game is over."); return; }
    var p = current(), my = epoch, side = p.to_move === "south" ? "S" : "N";
    think("The computer is thinking for " + sideName(p.to_move) + " (" + levelWords() + ")…");
    if (computerToMove()) {
      $(".an-moves").innerHTML = "";
      $(".an-progress").hidden = $(".an-stop").hidden = true;
      status(sideName(p.to_move) + " to move: the computer's turn.");
    }
    thinking(true);
    search(p).then(function (a) {
      if (my !== epoch) return;
      thinking(false);
      if (!a.best) { think("No move to play: " + sideName(p.to_move) + " has lost."); return; }
      evaluations[key(p)] = { evaluation: a.evaluation, searched: a.searched };
      think("The computer played " + side + a.best.notation + ". " + a.searched);
      app.dataset.computer = a.best.notation;
      playMove(a.best, a.evaluation);
    }, function (e) {
      if (my !== epoch) return;
      thinking(false);
      think(e.message === "stopped" ? "Stopped." : "The engine failed: " + e.message);
    });
  }
  // What the computer makes of the position, without playing.
  function evaluate() {
    if (over()) return;
    var p = current(), my = epoch, side = p.to_move === "south" ? "S" : "N";
    think("The computer is evaluating the position (" + levelWords() + ")…");
    thinking(true);
    search(p).then(function (a) {
      if (my !== epoch) return;
      thinking(false);
      if (!a.best) { think(""); return; }
      evaluations[key(p)] = { evaluation: a.evaluation, searched: a.searched };
      think("Its choice for " + sideName(p.to_move) + ": " + side + a.best.notation + ".");
      drawEvaluation();
    }, function (e) {
      if (my !== epoch) return;
      thinking(false);
      think(e.message === "stopped" ? "Stopped." : "The engine failed: " + e.message);
    });
  }
  // Stop: the search ends, and the computer no longer plays by itself.
  $(".an-computer-stop").addEventListener("click", function () {
    opponent = "";
    changed();
    think("Stopped: the computer plays neither side now (choose a side to go on).");
  });

  var fromLink = readLink(location.hash);
  var fromYaml = /[#&]yaml=([^&]*)/.exec(location.hash);
  if (fromYaml) { try { start = parseYaml(decodeURIComponent(fromYaml[1])); } catch (x) { /* keep the standard start */ } }
  // a figure's "Open on the analysis board" gives its seat
  var fromSeat = /[#&]seat=(south|north)(&|$)/.exec(location.hash);
  if (fromYaml && fromSeat) seatChoice = fromSeat[1];
  if (fromLink) openLink(fromLink).then(function () { app.dataset.ready = "true"; });
  else { changed(); app.dataset.ready = "true"; }
})();
