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
  if (window.Modes) Modes.frame(f);
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
  // A short line, so that the counters keep their height; the whole sentence on hover.
  const cell = $("thinking");
  cell.textContent = !t ? "" : minutes(t.seconds) + " so far" + (t.last ? ", last reply " + minutes(t.last) : "");
  cell.title = !t ? "" : "the program has thought for " + minutes(t.seconds) + " of the Mark 1's time"
    + (t.last ? "; its last reply took " + minutes(t.last) : "")
    + ($("speed").value === "real" ? " (at real speed you wait as long, as in 1952; choose fast to skip)" : "");
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
  // KAC is held while a pointer (mouse, finger, pen) is down on it, or while Space or
  // Enter is held with it focused: pressed on the way down, released on the way up, and
  // held at least KAC_HOLD ms (two frames) so that a quick tap is still a press the
  // machine sees, never a press and a release in one millisecond.
  const KAC_HOLD = 80;
  const kac = $("kac");
  let pressedAt = 0, releasing = null;
  const press = (held) => {
    if (held) {
      if (releasing) { clearTimeout(releasing); releasing = null; }
      if (kac.classList.contains("held")) return;
      pressedAt = performance.now();
      kac.classList.add("held");
      kac.setAttribute("aria-pressed", "true");
      send({ op: "kac", held: true });
    } else if (kac.classList.contains("held") && !releasing) {
      releasing = setTimeout(() => {
        releasing = null;
        kac.classList.remove("held");
        kac.setAttribute("aria-pressed", "false");
        send({ op: "kac", held: false });
      }, Math.max(0, KAC_HOLD - (performance.now() - pressedAt)));
    }
  };
  kac.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    if (kac.setPointerCapture) { try { kac.setPointerCapture(e.pointerId); } catch (_) { /* not captured */ } }
    press(true);
  });
  kac.addEventListener("pointerup", () => press(false));
  kac.addEventListener("pointercancel", () => press(false));
  kac.addEventListener("contextmenu", (e) => e.preventDefault());
  kac.addEventListener("keydown", (e) => {
    if (e.key === " " || e.key === "Enter") { e.preventDefault(); if (!e.repeat) press(true); }
  });
  kac.addEventListener("keyup", (e) => {
    if (e.key === " " || e.key === "Enter") { e.preventDefault(); press(false); }
  });
  kac.addEventListener("blur", () => press(false));
  $("kec").addEventListener("click", () => send({ op: "kec" }));
  $("kcc").addEventListener("click", () => send({ op: "kcc" }));
  $("stopL").addEventListener("change", (e) => send({ op: "stop_switch", which: "L", on: e.target.checked }));
  $("stopG").addEventListener("change", (e) => send({ op: "stop_switch", which: "G", on: e.target.checked }));
  $("run").addEventListener("click", () => send({ op: "run" }));
  $("stop").addEventListener("click", () => send({ op: "stop" }));
  $("step").addEventListener("click", () => send({ op: "step" }));
  $("speed").addEventListener("change", (e) => send({ op: "speed", value: e.target.value }));
}

function note(kind, message) {
  const d = document.createElement("div");
  d.className = kind;
  d.textContent = message;
  const n = $("notes");
  n.prepend(d);
  while (n.children.length > 5) n.lastChild.remove();
  if (window.Modes) Modes.refused(kind, message);
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
      Modes.hello(m);
      if (m.kiosk && window.mark1Kiosk) window.mark1Kiosk.start(m);
    } else if (m.type === "report") Modes.report(m);
    else note(m.type, m.message);
  };
}

buildConsole();
connect();
