/** Money and session times as people here read them (IST, rupees): the contract's rules, shared with the server's e-mails. */
export { istMoment, rupees, sessionWhen, shortDate } from '@rankwise/contract/format';

/** Saves text as a file (a calendar invite) from the browser. */
export function downloadText(filename: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
