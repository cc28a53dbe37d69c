import { z } from 'zod';
import { hasHiddenCharacters, VALIDATION } from './validation.ts';

/**
 * A name a person gives: NFKC-normalised and trimmed, then refused (400 naming the field) when
 * it holds a hidden, control or bidirectional-override character. Every schema for such a name
 * starts from this, so the rule is one and the web forms use the same functions.
 */
export function ZName() {
  return z
    .string()
    .normalize('NFKC')
    .trim()
    .refine((value) => !hasHiddenCharacters(value), VALIDATION.hiddenCharacters);
}
