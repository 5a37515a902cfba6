import { z } from 'zod';
import { zProductId } from '../marketplace/catalogue-schemas';
import {
  portMessages,
  publicIpMessages,
  validateHostName,
  validateLanIp,
  validatePorts,
  type PortProtocol,
} from './public-ip-rules';
import { parsePortList } from '../validation/port-list';

export * from './public-ip-rules';

/**
 * POST /api/allowIP/assignPublicIP (vm-lifecycle.md §2.11, §3 "Assign-IP payload"): the schemas.
 * The rules and their messages are plain functions in public-ip-rules.ts, which the browser's
 * form and keystroke filters use too; the schemas apply the same ones.
 */

const isAbsent = (value: unknown) => value === undefined || value === null;

/** A required text field: the spec's "required" message when absent, `invalid` when not text. */
const zCheckedText = (
  required: string,
  invalid: string,
  validate: (text: string) => string | null,
) =>
  z
    .string({ error: (issue) => (isAbsent(issue.input) ? required : invalid) })
    .trim()
    .superRefine((text, context) => {
      const problem = validate(text);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });

/**
 * A port list: integers, or texts as a form types them. Every text entry is read by the form's
 * rule (validation/port-list.ts), so "22 80" is two ports, never 2280, and an empty entry ("" or
 * "22,,80") is refused with the form's message. `null` or absence is an empty list (then TCP
 * answers "TCP Ports required").
 */
const zPortList = (protocol: PortProtocol) =>
  z
    .array(z.union([z.number(), z.string()]), { error: portMessages[protocol].invalid })
    .nullish()
    .transform((entries, context) => {
      const texts = portMessages[protocol];
      const ports: number[] = [];
      for (const entry of entries ?? []) {
        if (typeof entry === 'number') {
          ports.push(entry);
          continue;
        }
        const typed = parsePortList(entry);
        if (!typed.ok || typed.ports.length === 0) {
          const isNotANumber = !typed.ok && typed.problem === 'notANumber';
          context.addIssue({
            code: 'custom',
            message: isNotANumber ? texts.invalid : texts.emptyEntry,
          });
          return z.NEVER;
        }
        ports.push(...typed.ports);
      }
      const problem = validatePorts(ports, protocol);
      if (problem) {
        context.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return ports;
    });

export const ZAssignPublicIpRequest = z.object({
  lanIP: zCheckedText(publicIpMessages.lanIpRequired, publicIpMessages.lanIpInvalid, validateLanIp),
  hostName: zCheckedText(
    publicIpMessages.hostNameRequired,
    publicIpMessages.hostNameInvalid,
    validateHostName,
  ),
  tcpPort: zPortList('tcp').describe(
    'TCP ports to forward: 1–65535, each once, at most 20 (integers, or texts read as the form reads them: "22, 80" or "22 80" are two ports)',
  ),
  udpPort: zPortList('udp').describe('UDP ports to forward (optional), same rules as tcpPort'),
  /** The VM's ID (the Active VM's `ID`). */
  productID: zProductId,
});
export type TAssignPublicIpRequest = z.input<typeof ZAssignPublicIpRequest>;
export type TAssignPublicIpInput = z.output<typeof ZAssignPublicIpRequest>;

/** What a successful assignment answers (message "Successfull"): the address and its forwarding. */
export const ZAssignPublicIpResponse = z.object({
  productID: z.number().int(),
  /** The public address, as the Active VM's `ciscoMerakiIP` shows it from now on. */
  ciscoMerakiIP: z.string(),
  lanIP: z.string(),
  hostName: z.string(),
  tcpPort: z.array(z.number().int()),
  udpPort: z.array(z.number().int()),
  /** false: the VM already had this address and only its forwarding changed. */
  isNewAddress: z.boolean(),
});
export type TAssignPublicIpResponse = z.infer<typeof ZAssignPublicIpResponse>;
