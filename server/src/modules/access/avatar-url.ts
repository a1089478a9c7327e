/** URL prefix of avatar files; the name is random (128 bits), so only those given the URL find it. */
export const AVATAR_URL_PREFIX = '/api/files/avatars/';
export const AVATAR_FILE_PATTERN = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

export const avatarUrl = (file: string | null | undefined): string | null => (file ? AVATAR_URL_PREFIX + file : null);
