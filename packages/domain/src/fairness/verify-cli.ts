/**
 * `npm run verify -- --issue 202611210001 --salt <salt> --hash <hex> --previous <hex> --digits 3,1,4`
 * or `npm run verify -- --url http://localhost:3000/api/v1/fairness/rounds/<id>` (the round's public
 * proof, fetched and checked on this machine). Exits 0 when the round verifies, 1 otherwise.
 */
import { parseArgs } from 'node:util';
import { type PublishedRound, verifyRound } from './verify.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    issue: { type: 'string' },
    salt: { type: 'string' },
    hash: { type: 'string' },
    previous: { type: 'string' },
    digits: { type: 'string' },
  },
});

async function load(): Promise<PublishedRound> {
  if (values.url) {
    const response = await fetch(values.url);
    if (!response.ok) throw new Error(`GET ${values.url} answered ${response.status}`);
    const body = (await response.json()) as Partial<PublishedRound>;
    if (!body.issue || !body.salt || !body.hash || !body.previousHash || !body.digits) {
      throw new Error('the round is not drawn yet, or the answer is not a fairness proof');
    }
    return {
      issue: body.issue,
      salt: body.salt,
      hash: body.hash,
      previousHash: body.previousHash,
      digits: body.digits,
    };
  }
  const { issue, salt, hash, previous, digits } = values;
  if (!issue || !salt || !hash || !previous || !digits) {
    throw new Error('give --url, or all of --issue --salt --hash --previous --digits');
  }
  return { issue, salt, hash, previousHash: previous, digits: digits.split(',').map(Number) };
}

try {
  const round = await load();
  const result = verifyRound(round);
  console.log(`issue ${round.issue}`);
  console.log(`  chain link  SHA-256(hash) = previous hash: ${result.chainOk ? 'OK' : 'FAILED'}`);
  console.log(
    `  digits      computed ${result.computedDigits.join(',')} (sum ${result.computedSum}), announced ${round.digits.join(',')}: ${result.digitsOk ? 'OK' : 'FAILED'}`,
  );
  console.log(result.ok ? 'VERIFIED' : 'NOT VERIFIED');
  process.exitCode = result.ok ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 2;
}
