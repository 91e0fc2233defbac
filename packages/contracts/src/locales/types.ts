/**
 * The shape a translation must have: the same keys as the English namespace, every leaf a string.
 * Typing each pt-BR namespace with it makes a missing or misspelt key a compile error.
 */
export type Translation<T> = {
  -readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]>;
};

/** A nested record of strings, the form of every locale namespace. */
export interface LocaleTree {
  readonly [key: string]: string | LocaleTree;
}
