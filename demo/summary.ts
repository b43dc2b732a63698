/**
 * `text` for a summary line of at most `max` characters: whole when it fits, else cut after its last whole word
 * with an ellipsis, so an answer is never cut mid-word (a text with no space in reach keeps its first word whole).
 */
export function shortened(text: string, max: number): string {
	const flat = text.replace(/\s+/g, ' ').trim();
	if (flat.length <= max) return flat;
	const reach = flat.slice(0, max);
	const end = /\s/.test(flat[max] ?? '') ? max : reach.lastIndexOf(' ');
	const kept = end > 0 ? flat.slice(0, end) : flat.split(' ')[0];
	return `${kept.replace(/[\s,;:]+$/, '')}…`;
}
