/** Splits the notification text at its [LINK] marker, where the link is placed. */
export function splitAtLinkMarker(text: string): [string, string] | null {
  const index = text.indexOf('[LINK]');
  if (index < 0) return null;
  return [text.slice(0, index), text.slice(index + '[LINK]'.length)];
}
