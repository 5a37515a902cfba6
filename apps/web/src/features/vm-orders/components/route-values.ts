/** A machine id from the route (/renewvm/{id}…): a positive whole number, else null (no call). */
export function readVmId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
