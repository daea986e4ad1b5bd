/**
 * How the access commands (grant, readers, offboard) print what a reader controls. A reader writes
 * their own `email` and `name` (core/pool-attributes.ts), so a value may hold a line break (a
 * forged line of the report), terminal escape sequences (ESC `[2K` erases the line above) or a
 * leading `=` that a spreadsheet runs as a formula (security review 4, finding 5).
 */

/**
 * C0 and C1 control characters, DEL, and the Unicode line and paragraph separators and
 * bidirectional controls, which change what a terminal shows without being visible themselves.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** A value for a text report: every unprintable character written as `\xNN` or `\u{NNNN}`, so it shows and does nothing. */
export function printable(value: string): string {
  return value.replace(UNPRINTABLE, (character) => {
    const code = character.codePointAt(0) ?? 0;
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/**
 * A cell a spreadsheet takes as text. OWASP, "CSV Injection"
 * (https://owasp.org/www-community/attacks/CSV_Injection): a cell beginning with `=`, `+`, `-`,
 * `@`, tab (0x09) or carriage return (0x0D) is a formula; prepend a single quote to it, wrap it in
 * double quotes and double every double quote inside. Other cells follow RFC 4180 (quoted when
 * they hold a comma, a quote or a line break).
 */
export function csvCell(value: string): string {
  if (/^[=+\-@\t\r]/.test(value)) return `"'${value.replaceAll('"', '""')}"`;
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
