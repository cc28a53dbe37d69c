/** docs/product.md: only letters or digits can be entered (surrounding spaces are trimmed). */
export const USER_NAME_PATTERN = /^\s*[A-Za-z0-9]+\s*$/;
