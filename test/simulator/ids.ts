import { createHash } from 'node:crypto';

/** Every key starts with this fixed four-character prefix (contract, Authentication 2). */
export const KEY_PREFIX = 'dwk_';
/** Url-safe characters after the prefix: 4 + 44 = 48 characters, "about 48 long". */
const KEY_BODY_LENGTH = 44;

export function hashKey(key: string): string {
	return createHash('sha256').update(key).digest('hex');
}

/** The part of a key the workspace's key list shows (contract, Authentication 2). */
export function keyDisplayPrefix(key: string): string {
	return key.slice(0, 8);
}

/** A well-formed key whose body is derived from `material` (sha512, base64url, cut to 44). */
export function deriveKey(material: string): string {
	const body = createHash('sha512').update(material).digest('base64url').slice(0, KEY_BODY_LENGTH);
	return KEY_PREFIX + body;
}

/**
 * Deterministic id source: the n-th id of a seed is always the same, so a test that resets the
 * simulator sees the same ids again. Ids look random (hash-derived) so nobody relies on ordering.
 */
export class IdGenerator {
	private counter = 0;

	constructor(private readonly seed: string) {}

	/** e.g. next('run') -> 'run_3f9a1c0b7d2e4a61' */
	next(prefix: string): string {
		return `${prefix}_${this.hex(16)}`;
	}

	/** A fresh API key (admin key creation). */
	nextKey(): string {
		return deriveKey(`${this.seed}:key:${this.counter++}`);
	}

	hex(length: number): string {
		const digest = createHash('sha256').update(`${this.seed}:${this.counter++}`).digest('hex');
		return digest.slice(0, length);
	}
}
