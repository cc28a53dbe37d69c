import type { TInviteCode } from '@seller-centre/contract/invitations';

/**
 * The selection product's invite-friends page (VITE_SELECTION_INVITE_URL, where `{invite_code}`
 * is replaced), or this product's own invite link when none is configured.
 */
export function inviteFriendsUrl(template: string | undefined, code: TInviteCode): string {
  if (!template) return code.invite_url;
  return template.replaceAll('{invite_code}', encodeURIComponent(code.invite_code));
}

/** Copies to the clipboard; false when the browser refuses (no permission, insecure origin). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall back below
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}
