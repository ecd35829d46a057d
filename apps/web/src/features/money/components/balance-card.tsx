/** The figures at the top of a money page (balance, withdrawable...), each with its own testid. */
export interface BalanceFigure {
  label: string;
  value: string;
  testId?: string;
}

export function BalanceCard({ figures }: { figures: BalanceFigure[] }) {
  return (
    <dl className="balance-card">
      {figures.map((figure) => (
        <div key={figure.label} className="balance-card__figure">
          <dt>{figure.label}</dt>
          <dd data-testid={figure.testId}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
