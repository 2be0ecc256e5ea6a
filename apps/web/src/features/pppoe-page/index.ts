// What other features (the Down Count List's graph popup) use of the PPPoE page; they import only this.
export { SignalHistoryPanel } from './components/signal-history';
