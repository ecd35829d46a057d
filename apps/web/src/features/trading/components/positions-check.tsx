/**
 * The positions check of one sealed round on the verification page (positions-check.ts does the
 * checking): the round's committed set is fetched, its root rebuilt here and compared with the root
 * published at the seal and the one this device kept; the ledger's totals are compared with what the set
 * and the result imply; and, signed in, each of the viewer's positions in the round is checked against
 * its inclusion proof. Four lines, each with its mark and a sentence; a part it could not check says so.
 */
import type { RoundView } from '@tradehall/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataPlaceholder } from '../../../components/ui/data-placeholder.tsx';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { formatCents } from '../../../lib/format.ts';
import { useIsLoggedIn } from '../../../lib/use-session.ts';
import { useCommittedRound } from '../api/committed-round.ts';
import { usePositionProofs } from '../api/position-proof.ts';
import { useRound } from '../api/round.ts';
import { type CheckState, checkRoundPositions, type PositionsCheckResult } from '../positions-check.ts';
import { sealedRootSeen } from '../sealed-roots.ts';
import { HashValue } from './hash-value.tsx';

const MARKS: Record<CheckState, string> = { pass: '✓', fail: '✗', none: '–' };
const CLASSES: Record<CheckState, string> = {
  pass: 'check check--ok',
  fail: 'check check--failed',
  none: 'check check--none',
};

function CheckLine({
  state,
  part,
  text,
  testId,
}: {
  state: CheckState;
  part: string;
  text: string;
  testId: string;
}) {
  return (
    <li className={CLASSES[state]} data-testid={testId} data-state={state}>
      <span aria-hidden="true">{MARKS[state]}</span> <strong>{part}</strong> <span>{text}</span>
    </li>
  );
}

const shortRoot = (root: string) => `${root.slice(0, 8)}…${root.slice(-6)}`;
const cents = (value: number | undefined) => (value === undefined ? '?' : formatCents(value));

function Lines({ result, issue }: { result: PositionsCheckResult; issue: string }) {
  const { t } = useTranslation();
  const { set, mine, ledger, device } = result;
  const mineText =
    mine.reason === 'signedOut'
      ? t('trading.positionsCheck.mineSignedOut')
      : mine.reason === 'noPositions'
        ? t('trading.positionsCheck.mineNone')
        : mine.state === 'pass'
          ? t('trading.positionsCheck.minePass', { count: mine.count })
          : t('trading.positionsCheck.mineFail', { count: mine.count, failed: mine.failed });
  const amounts = {
    staked: cents(ledger.moved?.staked),
    paid: cents(ledger.moved?.paid),
    expectedStaked: cents(ledger.expected?.staked),
    expectedPaid: cents(ledger.expected?.paid),
  };
  const ledgerText =
    ledger.reason === 'void'
      ? t('trading.positionsCheck.ledgerVoid')
      : ledger.reason === 'notSettled'
        ? t('trading.positionsCheck.ledgerNotSettled')
        : ledger.state === 'pass'
          ? t('trading.positionsCheck.ledgerPass', amounts)
          : t('trading.positionsCheck.ledgerFail', amounts);
  const deviceText =
    device.state === 'none'
      ? t('trading.positionsCheck.deviceNone')
      : device.state === 'pass'
        ? t('trading.positionsCheck.devicePass')
        : t('trading.positionsCheck.deviceFail', { kept: shortRoot(device.kept ?? '') });
  const setText =
    set.state === 'pass'
      ? t('trading.positionsCheck.setPass', { count: set.count })
      : t('trading.positionsCheck.setFail');
  const lines = [
    { name: 'set', state: set.state, part: t('trading.positionsCheck.partSet'), text: setText },
    { name: 'mine', state: mine.state, part: t('trading.positionsCheck.partMine'), text: mineText },
    { name: 'ledger', state: ledger.state, part: t('trading.positionsCheck.partLedger'), text: ledgerText },
    { name: 'device', state: device.state, part: t('trading.positionsCheck.partDevice'), text: deviceText },
  ];
  return (
    <ul className="verify-result__checks">
      {lines.map(({ name, ...line }) => (
        <CheckLine key={name} {...line} testId={`positions-${name}-${issue}`} />
      ))}
    </ul>
  );
}

export function PositionsCheck({ round }: { round: RoundView }) {
  const { t } = useTranslation();
  // Read once, before anything on this page could keep a root: the copy is the one seen at the seal.
  const [deviceRoot] = useState(() => sealedRootSeen(round.id));
  const sealed = round.positions !== null;
  const loggedIn = useIsLoggedIn();
  const committed = useCommittedRound(round.id, sealed);
  const detail = useRound(sealed && loggedIn ? round.id : null);
  const myPositions = detail.data?.myPositions ?? [];
  const proofs = usePositionProofs(myPositions.map((position) => position.id));

  if (!sealed) {
    return (
      <p className="field__hint" data-testid={`positions-not-sealed-${round.issue}`}>
        {t('trading.positionsCheck.notSealed')}
      </p>
    );
  }
  const failed = committed.isError ? committed : loggedIn && detail.isError ? detail : null;
  if (failed) {
    return (
      <ErrorNotice
        error={failed.error}
        onRetry={() => void failed.refetch().catch(() => {})}
        testId={`positions-load-failed-${round.issue}`}
      />
    );
  }
  const proofsPending = proofs.some((proof) => proof.isPending);
  if (!committed.data || (loggedIn && !detail.data) || proofsPending) return <DataPlaceholder lines={4} />;

  const result = checkRoundPositions({
    round,
    committed: committed.data,
    deviceRoot,
    // A proof the server would not give for one's own position in a sealed round fails that position.
    mine: loggedIn
      ? myPositions.map((position, index) => ({ position, proof: proofs[index]?.data ?? null }))
      : null,
  });
  const root = round.positions?.root ?? committed.data.root;
  return (
    <section
      className={result.ok ? 'verify-result verify-result--ok' : 'verify-result verify-result--failed'}
      role="status"
      data-testid={`positions-check-${round.issue}`}
      data-ok={String(result.ok)}
    >
      <strong>
        {t('trading.positionsCheck.title')}:{' '}
        {result.ok ? t('trading.positionsCheck.verified') : t('trading.positionsCheck.notVerified')}
      </strong>
      <dl className="hash-list">
        <HashValue
          label={t('trading.positionsCheck.rootLabel')}
          value={root}
          testId={`positions-root-${round.issue}`}
        />
      </dl>
      <Lines result={result} issue={round.issue} />
    </section>
  );
}
