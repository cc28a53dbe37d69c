export type LegalKind = 'privacy' | 'disclaimer';

/**
 * Paragraphs of each legal text (`auth.legal.<kind>.p1` …). The privacy policy's last two carry
 * its promises (docs/decisions.md): a reply within 15 days, and buyer personal data deleted 28
 * days after shipping, as the platforms' policy requires.
 */
export const LEGAL_PARAGRAPHS: Record<LegalKind, number> = { privacy: 8, disclaimer: 4 };
