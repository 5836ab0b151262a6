import { createHash, createSign, generateKeyPairSync, randomBytes } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A passkey authenticator in software, for API tests: an ES256 key pair that answers the
 * server's registration and sign-in options the way a browser with a platform authenticator
 * does ("none" attestation, user present and verified). The browser tests use Chromium's
 * virtual authenticator instead.
 */
export function createSoftAuthenticator(origin: string) {
  const rpIdHash = createHash("sha256").update(new URL(origin).hostname).digest();
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const rawId = randomBytes(16);
  const id = rawId.toString("base64url");
  let counter = 0;

  const cosePublicKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counterBytes = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  };
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

  return {
    id,
    /** The browser's answer to registration options (`{challenge}` is all it reads). */
    register(options: Record<string, unknown>) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([0x01 | 0x04 | 0x40]), // user present, user verified, credential data
        counterBytes(),
        Buffer.alloc(16), // AAGUID
        idLength,
        rawId,
        Buffer.from(cosePublicKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", new Uint8Array(authData)],
        ]) as never,
      );
      return {
        id,
        rawId: id,
        type: "public-key" as const,
        response: {
          clientDataJSON: b64(clientData("webauthn.create", String(options.challenge))),
          attestationObject: b64(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
      };
    },
    /** The browser's answer to sign-in options, signed with the key. */
    authenticate(options: Record<string, unknown>) {
      counter++;
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x01 | 0x04]), counterBytes()]);
      const data = clientData("webauthn.get", String(options.challenge));
      const signature = createSign("sha256")
        .update(Buffer.concat([authData, createHash("sha256").update(data).digest()]))
        .sign(privateKey);
      return {
        id,
        rawId: id,
        type: "public-key" as const,
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
}
