/**
 * Hostile text in requests: control characters (NUL among them, which PostgreSQL cannot store in text) are refused
 * in every string of a request, and bidirectional override characters are removed from the names we store and
 * show (upload file names, job names, token names), where they could make a name read differently from what it is.
 */
import { formatMessage } from './messages.ts';

/** Messages of refused request text ({placeholders} filled by formatMessage); the errors locale translates them. */
export const REQUEST_TEXT_MESSAGES = {
  textControlCharacter: 'The field {field} contains a control character ({character}), which is not allowed. Remove it and try again.',
  jsonForbiddenKey: 'The request body uses the key "{key}", which is not allowed in any object. Rename that key and send the request again.',
} as const;
export type RequestTextMessageKey = keyof typeof REQUEST_TEXT_MESSAGES;

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Left-to-right/right-to-left embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069). */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** `U+0000` for a character. */
function codePointName(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first control character of `text` as `U+XXXX`, or null. */
export function controlCharacterIn(text: string): string | null {
  const match = CONTROL_CHARACTER.exec(text);
  return match ? codePointName(match[0]) : null;
}

export interface ControlCharacterProblem {
  /** Where: `name`, `data.regionDimension`, `rows.3.region`; a key itself is named by its path. */
  field: string;
  /** The character, as `U+0000`. */
  character: string;
  message: string;
}

/** The refusal of a control character in `field`. */
export function controlCharacterProblem(field: string, character: string): ControlCharacterProblem {
  const shown = field.length > 80 ? `${field.slice(0, 77)}...` : field;
  return { field, character, message: formatMessage(REQUEST_TEXT_MESSAGES.textControlCharacter, { field: `"${shown}"`, character }) };
}

/**
 * The first control character in any string of a parsed request value (object keys included), or null. Walks
 * without recursion, so a deeply nested body cannot exhaust the stack.
 * @param value a parsed JSON body, query or route parameters
 * @param root the name of the value as a whole (`body`, `query` ...), used when the value itself is a string
 */
export function findControlCharacter(value: unknown, root = 'body'): ControlCharacterProblem | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const character = controlCharacterIn(current);
      if (character) return controlCharacterProblem(path || root, character);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i];
        const childPath = path ? `${path}.${key}` : key;
        const character = controlCharacterIn(key);
        if (character) return controlCharacterProblem(childPath, character);
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** `name` without bidirectional embedding, override and isolate characters (U+202A-U+202E, U+2066-U+2069). */
export function withoutBidiControls(name: string): string {
  return name.replace(BIDI_CONTROLS, '');
}
