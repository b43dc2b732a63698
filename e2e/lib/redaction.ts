// The API keys an n8n user folder was given, kept out of everything the driver shows (logs, error messages).

export class Redactor {
	private readonly secrets = new Set<string>();

	add(secret: string): void {
		this.secrets.add(secret);
	}

	/** Replaces every secret (and its base64 forms, as in a Basic or Bearer header) with [redacted]. */
	redact(text: string): string {
		let result = text;
		for (const secret of this.secrets) {
			for (const form of [
				secret,
				Buffer.from(secret).toString('base64'),
				Buffer.from(`Bearer ${secret}`).toString('base64'),
			]) {
				result = result.split(form).join('[redacted]');
			}
		}
		return result;
	}
}
