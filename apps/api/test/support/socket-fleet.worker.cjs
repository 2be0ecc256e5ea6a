'use strict';
// One share of the load test's sockets in a thread of its own (see `SocketFleet` in load.ts): parsing
// every delivery then does not queue behind the test's own event loop, nor behind the other shares.
// Plain JavaScript, as worker threads load it without the test's TypeScript transform.
const { parentPort, workerData } = require('node:worker_threads');
const { io } = require('socket.io-client');

const { url, sockets: specs, onuRefs, concurrency } = workerData;
const indexOf = new Map(onuRefs.map((ref, i) => [ref, i]));
const now = () => performance.timeOrigin + performance.now();

const states = specs.map((spec) => ({
  spec,
  entitled: new Set(spec.entitled),
  // Times each ONU's change (by index) arrived: 0 = not yet, 2+ = a duplicate.
  seen: new Uint8Array(onuRefs.length),
  received: 0,
  // Messages (Socket.IO frames) of `onu.status.changed`, however many changes each carried.
  frames: 0,
  foreign: 0,
  duplicates: 0,
  probes: 0,
  // Entitled OLTs whose `olt.poll.finished` this socket has heard (proof it has joined their rooms).
  oltsHeard: new Set(),
  disconnects: [],
  lastAt: 0,
  socket: null,
}));

function connect(state) {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: state.spec.token },
      reconnection: false,
    });
    state.socket = socket;
    // One message per OLT and poll, carrying its changes (`OnuStatusChangesEvent`): counted by change.
    socket.on('onu.status.changed', (e) => {
      state.lastAt = now();
      state.frames++;
      const entitled = state.entitled.has(e.oltId);
      // A message not in that shape is wrong whatever it holds.
      if (!Array.isArray(e.changes)) {
        state.foreign++;
        return;
      }
      for (const c of e.changes) {
        const index = indexOf.get(c.onuRef);
        if (!entitled || index === undefined) state.foreign++;
        else if (state.seen[index]++) state.duplicates++;
        else state.received++;
      }
    });
    socket.on('system.ping.received', () => state.probes++);
    socket.on('olt.poll.finished', (e) => {
      if (state.entitled.has(e.oltId)) state.oltsHeard.add(e.oltId);
      else state.foreign++;
    });
    socket.on('disconnect', (reason) => state.disconnects.push({ reason, at: now() }));
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

parentPort.on('message', async (msg) => {
  try {
    if (msg.type === 'connect') {
      for (let i = 0; i < states.length; i += concurrency)
        await Promise.all(states.slice(i, i + concurrency).map(connect));
      parentPort.postMessage({ type: 'connected' });
    } else if (msg.type === 'stats') {
      parentPort.postMessage({
        type: 'stats',
        sockets: states.map((s) => ({
          received: s.received,
          frames: s.frames,
          foreign: s.foreign,
          duplicates: s.duplicates,
          probes: s.probes,
          oltsHeard: s.oltsHeard.size,
          disconnects: s.disconnects,
          lastAt: s.lastAt,
          connected: Boolean(s.socket && s.socket.connected),
        })),
      });
    } else if (msg.type === 'close') {
      for (const s of states) s.socket?.close();
      parentPort.postMessage({ type: 'closed' });
    }
  } catch (error) {
    parentPort.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    });
  }
});
