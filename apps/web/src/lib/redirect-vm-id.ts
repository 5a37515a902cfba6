/**
 * The redirect helper page (/redirect?vmId=…) keeps the machine a link named here, for the
 * virtual machine pages to pick up; it lasts for the tab's session.
 */
const REDIRECT_VM_ID_STORAGE_KEY = 'cloud-portal.vmId';

export function rememberRedirectVmId(vmId: string): void {
  try {
    window.sessionStorage.setItem(REDIRECT_VM_ID_STORAGE_KEY, vmId);
  } catch {
    // Storage can be unavailable (private mode); the link still works without it.
  }
}
