export { useNow } from '../../shared/use-now';
