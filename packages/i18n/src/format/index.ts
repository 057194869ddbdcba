// One formatter for every date and number a reader sees: the web's screens, the mails and the server's
// texts. Plain Intl so it runs in Node and in the browser alike.
export { formatLanguage, type FormatLanguage } from './language';
export {
  formatDate,
  formatDateTime,
  formatTime,
  type DateStyle,
  type DateValue,
  type ZoneOption,
} from './dates';
export {
  formatNumber,
  formatHours,
  formatPercent,
  formatFileSize,
  sumHours,
  type NumberOptions,
} from './numbers';
