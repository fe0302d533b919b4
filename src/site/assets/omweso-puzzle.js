// Puzzles played on the board. On a puzzle page the reader picks a pit of
// the side to move on the diagram (mouse, touch, or Tab and Enter), and a
// direction where the rules offer a choice; the page says at once whether
// the move achieves the goal, from the verdicts the build wrote beside the
// puzzle (#puzzle-data: every legal move, judged by the engine), so it
// works without a server too. Right: the solution and its frames open;
// in a win in two or three, first the defender's reply (the one the
// engine's search expects, its frames drawn at build time) and the board
// after it, on which the reader plays the next move, judged likewise (any
// move that still wins as fast is right), until the whole line is played.
// Wrong, at any step: what the move does and why it fails (for win-in-two,
// the reply that refutes it), its frames from the engine in the page in
// the board's place (one board: turned as the puzzle's, its pits named),
// and Try again, back to the board. A "what happens?" puzzle offers its answers to choose from.
// Solved and failed puzzles and the streak are kept in localStorage; the
// puzzle index marks them and links the next unsolved one. Without
// JavaScript the page is as before: the hint and the solution on request.
(function () {
  "use strict";
  var script = document.currentScript;
  var assets = script ? new URL(".", script.src) : new URL("assets/", location.href);
  var root = new URL("..", assets);
  var KEY = "omweso-puzzles:" + root.pathname;

  function load() {
    try {
      var s = JSON.parse(localStorage.getItem(KEY) || "null");
      if (s && typeof s.results === "object") return s;
    } catch (e) { /* storage unavailable or corrupt: start afresh */ }
    return { results: {}, streak: 0, best: 0 };
  }
  function save(s) {
    try { localStorage.setItem(KEY, JSON.stringify(s)); } catch (e) { /* private mode: progress is not kept */ }
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }
  function nextUnsolved(order, results, after) {
    var start = order.indexOf(after);
    for (var i = 1; i <= order.length; i++) {
      var id = order[(start + i) % order.length];
      if (id !== after && results[id] !== "solved") return id;
    }
    return null;
  }
  function progress(order, s) {
    var solved = 0, failed = 0;
    order.forEach(function (id) {
      if (s.results[id] === "solved") solved++;
      else if (s.results[id] === "failed") failed++;
    });
    return "Solved " + solved + " of " + order.length + (failed ? " · missed " + failed : "") +
      " · streak " + s.streak + (s.best > s.streak ? " (best " + s.best + ")" : "");
  }
  function nextLink(order, s, after, base) {
    var id = nextUnsolved(order, s.results, after);
    if (!id) return el("span", "next-unsolved", "Every puzzle solved");
    var a = el("a", "next-unsolved", "Next unsolved puzzle →");
    a.href = base + id + ".html";
    return a;
  }

  function describe(letters) {
    if (!letters) return "anticlockwise (↺)";
    if (letters === "T") return "the three-seed opening";
    return letters.split("").map(function (c) { return c === "C" ? "↻" : "↺"; }).join(" then ") +
      (letters.length > 1 ? " at each choice" : letters === "C" ? " clockwise" : " anticlockwise");
  }

  function puzzle(d) {
    var fig = document.getElementById("puzzle-start");
    var svg = fig && fig.querySelector("svg");
    if (!svg) return;
    var choosing = d.choices && d.choices.length > 0;
    if (!choosing && !window.OmwesoTry) return;
    var solution = document.querySelector("details.solution");
    var state = load();
    // `clean`: no wrong answer yet on this visit (a puzzle is solved only
    // so); `turn`: the reader's turn being played (the first, or one after
    // a reply of the line)
    var clean = true, done = false;
    var turn = { attempts: d.attempts, position: d.position, left: null, step: "" };

    var panel = el("section", "trainer");
    panel.setAttribute("aria-label", choosing ? "Choose your answer" : "Play your answer");
    var status = el("p", "trainer-status");
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    // what the reader is asked next, under the verdict
    var prompt = el("p", "trainer-prompt");
    prompt.setAttribute("aria-live", "polite");
    prompt.hidden = true;
    var choices = el("div", "trainer-choices");
    choices.setAttribute("role", "group");
    var actions = el("div", "trainer-actions");
    var again = el("button", "trainer-again", "Try again");
    again.type = "button";
    again.hidden = true;
    var replies = el("div", "trainer-replies");
    var shown = el("div", "trainer-frames");
    var tally = el("p", "trainer-progress");
    actions.appendChild(again);
    panel.appendChild(status);
    panel.appendChild(prompt);
    panel.appendChild(choices);
    panel.appendChild(actions);
    panel.appendChild(replies);
    panel.appendChild(shown);
    panel.appendChild(tally);
    fig.parentNode.insertBefore(panel, fig.nextSibling);
    panel.dataset.step = "";

    function refresh() {
      tally.textContent = progress(d.order, state) + " · ";
      tally.appendChild(nextLink(d.order, state, d.id, ""));
    }
    function before() {
      return state.results[d.id] === "solved" ? "You have solved this one before. " : "";
    }
    function ask() {
      if (turn.left === 1) return "Your move: pick a pit of " + d.side_name + " on the board, a move that wins at once.";
      if (turn.left === 2) return "Your move: pick a pit of " + d.side_name + " on the board, a move that wins in two.";
      return "Your move: pick a pit of " + d.side_name + " on the board.";
    }
    function intro() {
      status.className = "trainer-status";
      status.textContent = choosing
        ? before() + "What does " + d.side + d.solution + " do? Choose one:"
        : before() + ask();
    }
    // a wrong answer: the puzzle is missed, unless solved before
    function missed() {
      if (clean && state.results[d.id] !== "solved") {
        state.results[d.id] = "failed";
        state.streak = 0;
        save(state);
      }
      clean = false;
    }
    function solved() {
      done = true;
      fig.classList.remove("pickable");
      panel.dataset.solved = "true";
      if (clean && !state.results[d.id]) {
        state.results[d.id] = "solved";
        state.streak++;
        state.best = Math.max(state.best || 0, state.streak);
      }
      save(state);
      again.hidden = true;
      if (solution) {
        solution.open = true;
        solution.scrollIntoView({ block: "nearest", behavior: "smooth" });
      }
    }

    // One "Show the solution": the page's fold-out (it works without
    // JavaScript too). Opened before the puzzle is solved, it gives up: the
    // puzzle counts as missed and the answers are put away.
    if (solution) solution.addEventListener("toggle", function () {
      if (done || !solution.open) return;
      done = true;
      fig.classList.remove("pickable");
      choices.innerHTML = "";
      if (!state.results[d.id]) {
        state.results[d.id] = "failed";
        state.streak = 0;
        save(state);
        refresh();
      }
      again.hidden = true;
      prompt.hidden = true;
      status.textContent = "The solution is open below.";
    });

    // "what happens?": the answers offered, one of them the engine's
    if (choosing) {
      fig.classList.add("asked");
      d.choices.forEach(function (c, i) {
        var b = el("button", "trainer-outcome", c.text);
        b.type = "button";
        b.dataset.choice = String(i);
        b.addEventListener("click", function () {
          if (done) return;
          panel.dataset.chosen = String(i);
          Array.prototype.forEach.call(choices.querySelectorAll(".trainer-outcome"), function (x) {
            x.classList.remove("chosen");
          });
          if (c.right) {
            b.classList.add("right");
            status.className = "trainer-status right";
            status.textContent = "Right! " + d.answer;
            panel.dataset.verdict = "right";
            solved();
          } else {
            b.classList.add("wrong");
            b.disabled = true;
            status.className = "trainer-status wrong";
            status.textContent = "Not this one (\u201c" + c.text + "\u201d). Choose again, or show the solution.";
            panel.dataset.verdict = "wrong";
            missed();
          }
          refresh();
        });
        choices.appendChild(b);
      });
      intro();
      refresh();
      return;
    }

    var counts = window.OmwesoTry.counts(d.position);
    // the mover's pits, as buttons over the drawn board
    var targets = window.OmwesoTry.pickLayer(fig, svg, d.side, counts, pick);
    fig.classList.add("pickable");

    function mark(pit, cls) {
      targets.forEach(function (t) {
        t.classList.remove("chosen", "right", "wrong");
        if (pit && t.dataset.pit === String(pit)) t.classList.add(cls);
      });
    }
    function pick(pit) {
      if (done) return;
      var moves = turn.attempts.filter(function (a) { return parseInt(a.move, 10) === pit; });
      choices.innerHTML = "";
      shown.innerHTML = "";
      mark(pit, "chosen");
      if (moves.length === 0) {
        status.className = "trainer-status";
        status.textContent = "No legal move starts from " + d.side + pit + ". Pick another pit.";
        return;
      }
      if (moves.length === 1) { judge(moves[0]); return; }
      status.className = "trainer-status";
      status.textContent = "From " + d.side + pit + " the rules offer a choice of direction: which way?";
      moves.forEach(function (a) {
        var b = el("button", "trainer-choice");
        b.type = "button";
        b.dataset.move = a.move;
        b.innerHTML = "<strong></strong> <span></span>";
        b.firstChild.textContent = d.side + a.move;
        b.lastChild.textContent = describe(a.move.replace(/^\d+/, ""));
        b.addEventListener("click", function () { choices.innerHTML = ""; judge(a); });
        choices.appendChild(b);
      });
      choices.firstChild.focus();
    }
    function judge(a) {
      var pit = parseInt(a.move, 10);
      panel.dataset.played = a.move;
      panel.dataset.verdict = a.ok ? "right" : "wrong";
      prompt.hidden = true;
      if (!a.ok) {
        status.className = "trainer-status wrong";
        status.textContent = "Not this one. " + d.side + a.move + ": " + a.why + ".";
        mark(pit, "wrong");
        missed();
        again.hidden = false;
        frames(a.move, turn.position);
        refresh();
        return;
      }
      mark(pit, "right");
      var line = a.then === null || a.then === undefined ? null : d.line[a.then];
      var said = "Right! " + d.side + a.move + ": " + a.why + ".";
      again.hidden = true;
      if (!line) {
        status.className = "trainer-status right";
        status.textContent = said + (turn.step !== "" ? " You have played the whole line." : "");
        solved();
        refresh();
        return;
      }
      // the line goes on: the defender's reply, drawn at build time, then
      // the reader's next turn on the board after it
      status.className = "trainer-status right";
      said += " " + d.opponent_name + " replies " + line.reply + ": " + line.why + ".";
      replies.innerHTML = "";
      var step = document.querySelector('.line-step[data-step="' + a.then + '"]');
      var reply = step && step.querySelector(".line-reply");
      if (reply) {
        replies.appendChild(el("p", "trainer-reply-lead", d.opponent_name + "'s reply, " + line.reply + ":"));
        replies.appendChild(reply);
      }
      if (!line.attempts.length) {
        status.textContent = said + " It loses the game: you have played the whole line.";
        solved();
        refresh();
        return;
      }
      var board = step && step.querySelector(".line-board figure");
      var next = board && board.querySelector("svg");
      if (!next) { status.textContent = said; solved(); refresh(); return; }
      fig.classList.remove("pickable");
      fig.hidden = true;
      panel.parentNode.insertBefore(board, panel);
      fig = board;
      turn = {
        attempts: line.attempts, position: line.position, left: line.left, step: String(a.then),
        replied: d.opponent_name + " replied " + line.reply + ": " + line.why + "."
      };
      panel.dataset.step = turn.step;
      targets = window.OmwesoTry.pickLayer(fig, next, d.side, window.OmwesoTry.counts(line.position), pick);
      fig.classList.add("pickable");
      status.textContent = said;
      prompt.textContent = ask();
      prompt.hidden = false;
      refresh();
    }
    // the board's frames (the puzzle's, or the line's board after a reply)
    // hidden while a wrong move's frames are shown in their place
    function board(show) {
      var list = fig.querySelector(":scope > .frames");
      if (list) list.hidden = !show;
      if (show) {
        if (shown.parentNode !== panel) panel.insertBefore(shown, tally);
      } else if (list) {
        fig.insertBefore(shown, list);
      }
    }
    // the move's frames, from the engine in the page (the request carries
    // the puzzle's seat and `labels on`), in the board's place
    function frames(move, position) {
      var engine = window.OmwesoTry;
      if (!engine.ask) return;
      var request = position.replace("do moves", "do play") + "move " + move + "\n";
      var wait = el("p", "trainer-wait", "Drawing " + d.side + move + "…");
      shown.appendChild(wait);
      board(false);
      var at = turn.step;
      engine.ask(request).then(function (a) {
        if (panel.dataset.played !== move || turn.step !== at || !shown.firstChild) return;
        shown.innerHTML = "";
        shown.dataset.after = a.after ? JSON.stringify(a.after.board) : "";
        shown.appendChild(engine.viewer(a, false));
      }, function (e) {
        wait.textContent = e.message === "stopped" ? "" : "The engine failed: " + e.message;
      });
    }
    again.addEventListener("click", function () {
      again.hidden = true;
      choices.innerHTML = "";
      shown.innerHTML = "";
      board(true);
      mark(null);
      if (turn.step === "") {
        intro();
      } else {
        // back to the turn after the reply
        status.className = "trainer-status";
        status.textContent = turn.replied;
        prompt.textContent = ask();
        prompt.hidden = false;
      }
      var t = targets[0];
      if (t) t.focus();
    });
    intro();
    refresh();
  }

  function index(d) {
    var state = load();
    var items = Array.prototype.slice.call(document.querySelectorAll(".puzzle-list > li[data-id]"));
    items.forEach(function (li) {
      var r = state.results[li.dataset.id];
      if (!r) return;
      li.classList.add(r);
      var m = el("span", "puzzle-mark", r === "solved" ? "✓ solved" : "✗ missed");
      li.querySelector(".pz-meta").appendChild(m);
    });
    var p = el("p", "trainer-progress");
    p.textContent = progress(d.order, state) + " · ";
    if (d.order.length) p.appendChild(nextLink(d.order, state, d.order[d.order.length - 1], ""));
    var reset = el("button", "trainer-reset", "Forget my progress");
    reset.type = "button";
    reset.addEventListener("click", function () {
      try { localStorage.removeItem(KEY); } catch (e) { /* nothing kept */ }
      location.reload();
    });
    p.appendChild(document.createTextNode(" "));
    p.appendChild(reset);
    var lead = document.querySelector("main .lead");
    if (lead) lead.parentNode.insertBefore(p, lead.nextSibling);

    // the filters: goal, difficulty, rule set, theme, not solved yet
    var form = document.querySelector(".puzzle-filters");
    if (!form) return;
    form.hidden = false;
    var shown = form.querySelector(".puzzle-shown");
    function apply() {
      var want = {};
      Array.prototype.forEach.call(form.querySelectorAll("[data-filter]"), function (f) {
        want[f.dataset.filter] = f.type === "checkbox" ? f.checked : f.value;
      });
      var n = 0;
      items.forEach(function (li) {
        var ok = (!want.goal || li.dataset.goal === want.goal) &&
          (!want.difficulty || li.dataset.difficulty === want.difficulty) &&
          (!want.variant || li.dataset.variant === want.variant) &&
          (!want.theme || (" " + li.dataset.themes + " ").indexOf(" " + want.theme + " ") >= 0) &&
          (!want.unsolved || state.results[li.dataset.id] !== "solved");
        li.hidden = !ok;
        n += ok;
      });
      shown.textContent = n === items.length ? "all " + n + " shown" : n + " of " + items.length + " shown";
    }
    form.addEventListener("change", apply);
    form.addEventListener("submit", function (e) { e.preventDefault(); });
    // a link to a goal (#goal-win-now) chooses it
    var goal = /^#goal-(.+)$/.exec(location.hash);
    var select = form.querySelector('[data-filter="goal"]');
    if (goal && select.querySelector('option[value="' + goal[1] + '"]')) {
      select.value = goal[1];
      form.scrollIntoView();
    }
    apply();
  }

  function init() {
    var one = document.getElementById("puzzle-data");
    if (one) puzzle(JSON.parse(one.textContent));
    var all = document.getElementById("puzzles-data");
    if (all) index(JSON.parse(all.textContent));
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
