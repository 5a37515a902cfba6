/**
 * A list of ports as a person types it (vm-lifecycle.md §2.11's TCP and UDP fields, whose hint
 * reads "Comma separated, for example 22, 80, 443"). Entries are separated by a comma, with or
 * without spaces around it, or by spaces alone: "22, 80,443" and "22 80 443" are the same three
 * ports, never 2280. An entry left empty (",,", a leading or a trailing comma) is refused rather
 * than skipped, so a slip of the finger is shown instead of silently dropped. The browser's form
 * and the server's schema apply this one rule.
 */
type PortListProblem = 'emptyEntry' | 'notANumber';

type PortListResult = { ok: true; ports: number[] } | { ok: false; problem: PortListProblem };

const SEPARATOR = /\s*,\s*|\s+/;
const PORT_DIGITS = /^\d{1,5}$/;

/**
 * The ports of a typed list, in order as typed (range and repeats are the caller's rule).
 * An empty or blank text is an empty list.
 */
export function parsePortList(text: string): PortListResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, ports: [] };
  const ports: number[] = [];
  for (const entry of trimmed.split(SEPARATOR)) {
    if (entry === '') return { ok: false, problem: 'emptyEntry' };
    if (!PORT_DIGITS.test(entry)) return { ok: false, problem: 'notANumber' };
    ports.push(Number(entry));
  }
  return { ok: true, ports };
}
