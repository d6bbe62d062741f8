// mark1's web console: draws what the server's frames say and sends the operator's
// actions (docs/web.md). No build step; no host file is read or written.
"use strict";

const $ = (id) => document.getElementById(id);
let ws = null;
let frames = 0;
const state = { h: 0 };

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

// ---- the tubes: a dot for 0, a dash for 1, P0 on the left (Prinz §2) ----
function drawLines(canvas, lines, opts) {
  const ctx = canvas.getContext("2d");
  const w = canvas.width, h = canvas.height;
  ctx.fillStyle = "#061006";
  ctx.fillRect(0, 0, w, h);
  const rows = lines.length + (opts.marker !== undefined ? 1.5 : 0);
  const rh = h / (rows + 0.5);
  const cw = (w - 20) / 20;
  ctx.shadowColor = "#7dff8a";
  ctx.shadowBlur = 5;
  ctx.fillStyle = "#b8ffb8";
  const row = (v, y) => {
    for (let d = 0; d < 20; d++) {
      const x = 10 + d * cw;
      if ((v >>> d) & 1) ctx.fillRect(x + cw * 0.1, y, cw * 0.7, Math.max(1.5, rh * 0.35));
      else ctx.fillRect(x + cw * 0.1, y, Math.max(1.5, rh * 0.35), Math.max(1.5, rh * 0.35));
    }
  };
  lines.forEach((v, i) => row(v, rh * (i + 0.5)));
  if (opts.marker !== undefined) row(opts.marker, rh * (lines.length + 1.2));
  if (opts.mark !== undefined) {
    // the line of the present instruction, marked at the side as on the monitor
    ctx.shadowBlur = 0;
    ctx.fillStyle = "#ffd870";
    ctx.fillRect(2, rh * (opts.mark + 0.5), 5, Math.max(1.5, rh * 0.35));
  }
}

function render(f) {
  frames++;
  f.tubes.forEach((t, i) => {
    if ($("page" + i).value !== String(t.page)) $("page" + i).value = String(t.page);
    const mark = (f.c >> 6) === t.page ? (f.c & 63) : undefined;
    drawLines($("tube" + i), t.lines, { marker: t.marker, mark });
  });
  drawLines($("tubeB"), f.b, {});
  drawLines($("tubeC"), [f.c, f.pi], {});
  drawLines($("tubeA"), f.a, {});
  drawLines($("tubeD"), f.d, {});
  $("instructions").textContent = f.instructions.toLocaleString("en");
  $("beats").textContent = f.beats.toLocaleString("en");
  $("seconds").textContent = f.seconds.toFixed(3) + " s";
  counters(f);
  $("transfers").textContent = f.transfers.toLocaleString("en");
  $("stopped").textContent = f.running ? "running" : (f.stopped || "stopped");
  if (f.paper) {
    const p = $("paper");
    p.textContent += f.paper;
    p.scrollTop = p.scrollHeight;
  }
  if (f.h !== state.h) setSwitches(f.h);
  hoot(f);
  if (f.nim) {
    $("nim-board").textContent = f.nim.heaps
      .map((h, i) => String.fromCharCode(65 + i) + " " + String(h).padStart(2) + "  " + "|".repeat(h))
      .join("\n");
    $("nim-state").textContent = f.nim.over ? "the game is over"
      : (f.nim.your_move ? "your move" : "the machine is thinking");
    document.body.dataset.nimYourMove = String(f.nim.your_move);
  }
  if (f.draughts) {
    draughts.fen = f.draughts.fen;
    $("draughts-state").textContent = f.draughts.over ? "the game is over"
      : (f.draughts.your_move ? "your move" : "the machine is thinking");
    document.body.dataset.yourMove = String(f.draughts.your_move);
    drawBoard();
  }
  document.body.dataset.frames = String(frames);
  if (window.mark1Kiosk) window.mark1Kiosk.frame(f);
}

// ---- the counters beside the simulated time: the wall-clock time the machine has run
// (at real speed the two agree), and while a game's program thinks, how long it has and
// how long its last reply took (the frame's `thinking`, simulated seconds) ----
const clock = { wall: 0, last: 0, running: false, beats: 0 };
function minutes(s) {
  s = Math.round(s);
  return s < 60 ? s + " s" : Math.floor(s / 60) + " min " + String(s % 60).padStart(2, "0") + " s";
}
function counters(f) {
  const now = performance.now();
  if (f.beats < clock.beats) clock.wall = 0; // a fresh machine
  if (clock.running) clock.wall += (now - clock.last) / 1000;
  clock.last = now;
  clock.running = f.running;
  clock.beats = f.beats;
  $("elapsed").textContent = clock.wall.toFixed(1) + " s";
  const t = f.thinking;
  $("thinking").textContent = !t ? "" : "thinking for " + minutes(t.seconds) + " of the Mark 1's time"
    + (t.last ? "; its last reply took " + minutes(t.last) : "")
    + ($("speed").value === "real" ? " (at real speed you wait as long, as in 1952; choose fast to skip)" : "");
}

// ---- the plain draughts board: PDN squares 1-32, Black's side (1-4) at the top ----
const draughts = { fen: null, move: [] };
function squareAt(n) {
  const r = Math.floor((n - 1) / 4), i = (n - 1) % 4;
  return { r, c: 2 * i + (r % 2 === 0 ? 1 : 0) };
}
function drawBoard() {
  const cv = $("board"), ctx = cv.getContext("2d"), q = cv.width / 8;
  for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) {
    ctx.fillStyle = (r + c) % 2 ? "#9a6a3a" : "#efe4c8";
    ctx.fillRect(c * q, r * q, q, q);
  }
  const pieces = {};
  if (draughts.fen) {
    for (const part of draughts.fen.split(":").slice(1)) {
      const colour = part[0];
      for (const t of part.slice(1).split(",").filter((x) => x)) {
        const king = t.startsWith("K");
        pieces[+t.replace("K", "")] = { colour, king };
      }
    }
  }
  ctx.font = "9px sans-serif";
  for (let n = 1; n <= 32; n++) {
    const { r, c } = squareAt(n);
    if (draughts.move.includes(n)) {
      ctx.fillStyle = "#c89a20";
      ctx.fillRect(c * q, r * q, q, q);
    }
    const p = pieces[n];
    if (p) {
      ctx.beginPath();
      ctx.arc(c * q + q / 2, r * q + q / 2, q * 0.38, 0, 2 * Math.PI);
      ctx.fillStyle = p.colour === "B" ? "#151515" : "#f4f0e4";
      ctx.fill();
      ctx.strokeStyle = p.colour === "B" ? "#999" : "#333";
      ctx.stroke();
      if (p.king) {
        ctx.fillStyle = "#d4a020";
        ctx.fillText("K", c * q + q / 2 - 3, r * q + q / 2 + 3);
      }
    }
    ctx.fillStyle = "#ddd";
    ctx.fillText(String(n), c * q + 2, r * q + 9);
  }
  $("draughts-move").textContent = draughts.move.join(" - ");
}

// ---- the hooter: each hoot a pulse one beat (240 µs) long, through a 20 Hz high-pass,
// the waveform of `--hoot-wav` (render::hoot_wav). Each frame's beats are scheduled on the
// AudioContext's own clock a little ahead, right after the last frame's (the server keeps
// real speed to the wall clock, so the beats and the audio clock keep step): no gaps and
// no clicks between frames. A hoot stop (Turing's continuous hoot) sounds on, a loop of
// one hoot every `hoot_stop` beats, until the machine is stopped, started or cleared. ----
let audio = null;
const BEAT = 240e-6, AHEAD = 0.15;
const sound = { filter: null, t0: 0, beat0: 0, loop: null };
function stopLoop() {
  if (sound.loop) { sound.loop.stop(); sound.loop = null; }
}
function pulses(a, beats, hoots) {
  const rate = a.sampleRate, width = Math.max(1, Math.round(BEAT * rate));
  const buf = a.createBuffer(1, Math.max(1, Math.ceil(beats * BEAT * rate)), rate);
  const data = buf.getChannelData(0);
  for (const b of hoots) {
    const s = Math.floor(b * BEAT * rate);
    for (let i = s; i < Math.min(data.length, s + width); i++) data[i] = 0.5;
  }
  const src = a.createBufferSource();
  src.buffer = buf;
  src.connect(sound.filter);
  return src;
}
function hoot(f) {
  if ($("mute").checked || $("speed").value !== "real") { stopLoop(); sound.t0 = 0; return; }
  if (!f.hoot_stop) stopLoop();
  if (!f.hoots.length && !f.hoot_stop) return;
  if (!audio) {
    audio = new AudioContext();
    sound.filter = audio.createBiquadFilter();
    sound.filter.type = "highpass";
    sound.filter.frequency.value = 20;
    sound.filter.connect(audio.destination);
  }
  const first = f.frame_beats[0], ran = Math.max(0, f.beats - first);
  // Where this frame's first beat falls on the audio clock: after the last frame's,
  // unless that has passed (a pause, a late frame) or drifted far: then afresh, ahead.
  let at = sound.t0 + (first - sound.beat0) * BEAT;
  const now = audio.currentTime;
  if (!sound.t0 || at < now + 0.01 || at > now + 1) {
    sound.t0 = now + AHEAD;
    sound.beat0 = first;
    at = sound.t0;
  }
  if (f.hoots.length && ran > 0) pulses(audio, ran, f.hoots).start(at);
  if (f.hoot_stop && !sound.loop) {
    const src = pulses(audio, f.hoot_stop, [0]);
    src.loop = true;
    src.start(at + ran * BEAT);
    sound.loop = src;
  }
}

// ---- the console ----
function setSwitches(h) {
  state.h = h;
  for (let i = 0; i < 20; i++) $("sw" + i).checked = ((h >>> i) & 1) === 1;
}

function buildConsole() {
  const sw = $("switches");
  for (let i = 0; i < 20; i++) {
    const l = document.createElement("label");
    const c = document.createElement("input");
    c.type = "checkbox";
    c.id = "sw" + i;
    c.addEventListener("change", () => {
      state.h = c.checked ? (state.h | (1 << i)) >>> 0 : (state.h & ~(1 << i)) >>> 0;
      send({ op: "switch", bit: i, on: c.checked });
    });
    l.appendChild(c);
    l.appendChild(document.createTextNode(String(i)));
    sw.appendChild(l);
  }
  for (const t of [0, 1]) {
    const s = $("page" + t);
    for (let p = 0; p < 8; p++) s.add(new Option(String(p), String(p)));
    s.value = String(t);
    s.addEventListener("change", () => send({ op: "pages", left: +$("page0").value, right: +$("page1").value }));
  }
  const kac = $("kac");
  const press = (held) => { kac.classList.toggle("held", held); send({ op: "kac", held }); };
  kac.addEventListener("mousedown", () => press(true));
  kac.addEventListener("mouseup", () => press(false));
  kac.addEventListener("mouseleave", () => { if (kac.classList.contains("held")) press(false); });
  $("kec").addEventListener("click", () => send({ op: "kec" }));
  $("kcc").addEventListener("click", () => send({ op: "kcc" }));
  $("stopL").addEventListener("change", (e) => send({ op: "stop_switch", which: "L", on: e.target.checked }));
  $("stopG").addEventListener("change", (e) => send({ op: "stop_switch", which: "G", on: e.target.checked }));
  $("run").addEventListener("click", () => send({ op: "run" }));
  $("stop").addEventListener("click", () => send({ op: "stop" }));
  $("step").addEventListener("click", () => send({ op: "step" }));
  $("speed").addEventListener("change", (e) => send({ op: "speed", value: e.target.value }));
  $("load").addEventListener("click", () => {
    $("paper").textContent = "";
    send({ op: "load", program: $("program").value });
  });
  for (const first of ["human", "machine"]) {
    $("nim-" + first).addEventListener("click", () => {
      $("paper").textContent = "";
      const heaps = $("nim-heaps").value.split(",").map((x) => parseInt(x.trim(), 10)).filter((x) => !isNaN(x));
      send({ op: "nim", heaps, first });
      send({ op: "speed", value: $("speed").value });
    });
  }
  $("nim-play").addEventListener("click", () => {
    send({ op: "nim_move", text: $("nim-move").value });
    $("nim-move").value = "";
  });
  for (const first of ["human", "machine"]) {
    $("draughts-" + first).addEventListener("click", () => {
      $("paper").textContent = "";
      draughts.move = [];
      send({ op: "draughts", first });
      send({ op: "speed", value: $("speed").value });
      $("page0").value = "3"; $("page1").value = "4";
    });
  }
  $("board").addEventListener("click", (e) => {
    const cv = $("board"), rect = cv.getBoundingClientRect(), q = rect.width / 8;
    const c = Math.floor((e.clientX - rect.left) / q), r = Math.floor((e.clientY - rect.top) / q);
    for (let n = 1; n <= 32; n++) {
      const s = squareAt(n);
      if (s.r === r && s.c === c) { draughts.move.push(n); drawBoard(); }
    }
  });
  $("draughts-enter").addEventListener("click", () => {
    if (draughts.move.length) send({ op: "draughts_move", squares: draughts.move });
    draughts.move = [];
    drawBoard();
  });
  $("draughts-clear").addEventListener("click", () => { draughts.move = []; drawBoard(); });
  $("prinz-think").addEventListener("click", () => {
    $("paper").textContent = "";
    $("report").innerHTML = "";
    send({ op: "prinz", fen: $("position").value });
    send({ op: "speed", value: $("speed").value });
    send({ op: "run" });
  });
  $("upload").addEventListener("change", (e) => {
    const file = e.target.files[0];
    if (!file) return;
    const name = file.name;
    const reader = new FileReader();
    const kind = name.endsWith(".drm") ? "drm" : (name.endsWith(".m1") ? "asm" : "tape");
    if (kind === "asm" || name.endsWith(".txt")) {
      reader.onload = () => { if (kind === "asm") $("paper").textContent = ""; send({ op: "upload", kind, name, data: reader.result }); };
      reader.readAsText(file);
    } else {
      reader.onload = () => send({ op: "upload", kind, name, data: reader.result.split(",")[1] || "" });
      reader.readAsDataURL(file);
    }
  });
}

function note(kind, message) {
  const d = document.createElement("div");
  d.className = kind;
  d.textContent = message;
  const n = $("notes");
  n.prepend(d);
  while (n.children.length > 5) n.lastChild.remove();
}

// ---- the connection: the session's id kept in the tab (sessionStorage), so that a reload
// or a reconnect after the server restarts gets the same session back (the server
// replays it); while disconnected a large overlay says so and takes the clicks, and the
// page tries again by itself, waiting longer each time (up to 10 s) ----
const link = { tries: 0, timer: null };
function overlay(text) {
  let o = $("reconnecting");
  if (!text) { if (o) o.remove(); return; }
  if (!o) {
    o = document.createElement("div");
    o.id = "reconnecting";
    o.setAttribute("role", "alert");
    o.style.cssText = "position:fixed;inset:0;z-index:1000;display:flex;flex-direction:column;"
      + "align-items:center;justify-content:center;background:rgba(10,12,10,0.82);color:#f0e8d0;"
      + "font-size:2.2em;text-align:center;padding:1em;cursor:wait;";
    // Clicks while disconnected land here, not on the console: nothing is silently lost.
    for (const e of ["click", "mousedown", "mouseup", "pointerdown", "pointerup", "touchstart", "keydown"]) {
      o.addEventListener(e, (ev) => { ev.stopPropagation(); ev.preventDefault(); });
    }
    document.body.appendChild(o);
  }
  o.textContent = "";
  const big = document.createElement("div");
  big.textContent = text;
  o.appendChild(big);
  const small = document.createElement("div");
  small.style.fontSize = "0.45em";
  small.style.marginTop = "1em";
  small.textContent = "the page connects again by itself; your game is kept";
  o.appendChild(small);
}
function connect() {
  clearTimeout(link.timer);
  const id = sessionStorage.getItem("mark1-session");
  const q = id ? "?session=" + encodeURIComponent(id) : "";
  ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws" + q);
  ws.onopen = () => { link.tries = 0; overlay(null); $("status").textContent = "connected"; };
  // The server's reason when it closes (the machine busy, a message too big) is shown.
  ws.onclose = (e) => {
    const why = e.reason ? "disconnected: " + e.reason : "disconnected";
    $("status").textContent = why;
    const wait = Math.min(10000, 500 * Math.pow(2, link.tries++)) * (0.75 + Math.random() / 2);
    overlay(e.code === 1013 ? "the machine is busy: trying again…" : "reconnecting…");
    link.timer = setTimeout(connect, wait);
  };
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === "frame") render(m);
    else if (m.type === "hello") {
      if (m.session) sessionStorage.setItem("mark1-session", m.session);
      else sessionStorage.removeItem("mark1-session");
      // A restored session sends its whole paper again.
      if (m.restored) $("paper").textContent = "";
      document.body.dataset.session = m.session || "";
      document.body.dataset.kiosk = String(!!m.kiosk);
      if (m.kiosk && window.mark1Kiosk) window.mark1Kiosk.start(m);
      const s = $("program");
      s.innerHTML = "";
      m.programs.forEach((p) => s.add(new Option(p, p)));
      const pos = $("position");
      pos.innerHTML = "";
      (m.prinz_positions || []).forEach((p) => pos.add(new Option(p.name, p.fen)));
    } else if (m.type === "report") {
      const t = $("report");
      t.innerHTML = "<tr><th>figure</th><th>emulated</th><th>documented</th></tr>";
      for (const r of m.rows) {
        const tr = document.createElement("tr");
        for (const c of r) {
          const td = document.createElement("td");
          td.textContent = c;
          tr.appendChild(td);
        }
        t.appendChild(tr);
      }
      t.dataset.mate = String(m.mate);
    } else note(m.type, m.message);
  };
}

buildConsole();
drawBoard();
connect();
