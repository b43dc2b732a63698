/* eslint-disable -- Test tooling: never in the package nor in n8n, so n8n-node lint's node rules do not apply. eslint.project.config.mjs lints it. */
import { ICredentialsHelper } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	Workflow,
} from 'n8n-workflow';

/**
 * Holds decrypted credential data by id and applies a credential type's own `authenticate` block the way
 * n8n's CLI does (generic: each header/qs/body entry resolved as an expression with `$credentials`).
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly credentialTypes: Record<string, ICredentialType>,
		private readonly store: Map<string, { type: string; data: ICredentialDataDecryptedObject }>,
	) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const type = this.credentialTypes[typeName];
		const options = requestOptions as IHttpRequestOptions & Record<string, unknown>;
		const authenticate = type?.authenticate;
		if (typeof authenticate === 'function') return await authenticate(credentials, options);
		if (authenticate && authenticate.type === 'generic') {
			for (const [outerKey, entries] of Object.entries(authenticate.properties)) {
				const target = ((options[outerKey] as Record<string, unknown> | undefined) ??= {});
				for (const [key, value] of Object.entries(entries as Record<string, unknown>)) {
					target[this.resolve(key, credentials, workflow, node) as string] = this.resolve(
						value,
						credentials,
						workflow,
						node,
					);
				}
			}
		}
		return options;
	}

	private resolve(
		value: unknown,
		credentials: ICredentialDataDecryptedObject,
		workflow?: Workflow,
		node?: INode,
	): unknown {
		if (typeof value !== 'string' || !value.startsWith('=') || !workflow || !node) return value;
		return workflow.expression.getSimpleParameterValue(
			node,
			value,
			'internal',
			{ $credentials: credentials },
			undefined,
			'',
		);
	}

	async preAuthentication(
		_helpers: IHttpRequestHelper,
		_credentials: ICredentialDataDecryptedObject,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails): Promise<ICredentials> {
		throw new Error(`getCredentials is not used by the harness (${nodeCredentials.id ?? ''})`);
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const entry = this.store.get(nodeCredentials.id ?? '');
		if (!entry || entry.type !== type)
			throw new Error(`No credential "${nodeCredentials.id ?? ''}" of type ${type} in the harness`);
		return { ...entry.data };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.credentialTypes[type]?.properties ?? [];
	}
}
