// What other features use of the share links: the Edit OLT page's token form.
export { OltTokenForm } from './components/olt-token-form';
