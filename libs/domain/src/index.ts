export { renderMessage, withValues, type Message } from './lib/message';
