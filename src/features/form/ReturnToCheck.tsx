import { useAppDispatch } from '../../shared/hooks';
import { navigationRequested } from '../../shared/events';
import { PATHS } from '../../kernel/paths';
import { checkSectionAnchor } from './check/anchors';

export const RETURN_TO_CHECK = 'Save and return to Check your answers';

/**
 * The one action back to Check your answers on a page opened from it: saves (as any page change does) and lands
 * back at the section that was opened, not at the top of the check. Shown beside that section's questions, not ten
 * phone screens below them.
 */
export function ReturnToCheck({ section }: { section?: string }) {
  const dispatch = useAppDispatch();
  const to = section ? `${PATHS.checkAnswers}#${checkSectionAnchor({ id: section })}` : PATHS.checkAnswers;
  return (
    <div className="form-return">
      <button
        type="button"
        className="shell-btn shell-btn-primary"
        onClick={() => dispatch(navigationRequested({ to, via: 'pageButton' }))}
      >
        {RETURN_TO_CHECK}
      </button>
    </div>
  );
}
