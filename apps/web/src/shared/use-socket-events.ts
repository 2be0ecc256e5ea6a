import { useEffect, useRef } from 'react';
import type { ServerToClientEvents } from '@pondesk/contracts';
import { currentSocket, type PonSocket } from './socket';

export type SocketHandlers = Partial<ServerToClientEvents> & {
  /** After a reconnect: events sent while the socket was down are lost, so catch up. */
  reconnect?: () => void;
};

/**
 * Listens to server events for as long as the component is mounted. The session opens the socket; a
 * page shown first may have to wait for it. The latest handlers are always used without re-subscribing.
 */
export function useSocketEvents(handlers: SocketHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const names = Object.keys(handlers).sort().join(',');

  useEffect(() => {
    const events = names.split(',').filter((n) => n && n !== 'reconnect') as (keyof ServerToClientEvents)[];
    const attach = (socket: PonSocket) => {
      const bound = events.map((name) => {
        const fn = (payload: never) => (latest.current[name] as ((p: never) => void) | undefined)?.(payload);
        socket.on(name, fn as ServerToClientEvents[typeof name]);
        return () => socket.off(name, fn as ServerToClientEvents[typeof name]);
      });
      const onConnect = () => latest.current.reconnect?.();
      socket.on('connect', onConnect);
      return () => {
        bound.forEach((off) => off());
        socket.off('connect', onConnect);
      };
    };
    let detach: (() => void) | null = null;
    let finder: ReturnType<typeof setInterval> | null = null;
    const existing = currentSocket();
    if (existing) detach = attach(existing);
    else
      finder = setInterval(() => {
        const socket = currentSocket();
        if (!socket) return;
        if (finder) clearInterval(finder);
        finder = null;
        detach = attach(socket);
        // Connected before we listened (a page's effects run before the shell opens the socket): what
        // it sent meanwhile was missed, as after a reconnect.
        if (socket.connected) latest.current.reconnect?.();
      }, 250);
    return () => {
      detach?.();
      if (finder) clearInterval(finder);
    };
  }, [names]);
}

/** A function that runs `fn` at most once per `ms`, at the end of the window (for refetch storms). */
export function throttleTrailing(fn: () => void, ms: number): { schedule: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    schedule() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        fn();
      }, ms);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
