/**
 * A small deterministic generator for tests that try many random cases, so a failing case can be
 * replayed from its seed.
 */
export function seededRandom(seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const maybe = <T>(value: T, p = 0.4): T | undefined => (random() < p ? value : undefined);
  return { random, pick, maybe };
}
