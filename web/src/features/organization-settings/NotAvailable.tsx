/** Said instead of asking the server, whose FORBIDDEN would end the session (web/src/ui/ScreenStates.tsx). */
export { NotAvailable } from '../../ui/ScreenStates';
