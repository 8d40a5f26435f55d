import { screen, waitFor, within } from '@testing-library/react';
import { ABOUT_PAGE } from '../../kernel/form/definition/about';
import { FormPage } from './FormPage';
import { FIRST_SCREEN_SECTIONS, ProgressiveSectionsContext } from './sectionLimit';
import { formState, LOGGED_IN, renderForm, VALIDATING } from './testing';

/** The applicant's own first name (the parents' sections ask for theirs too). */
const ownFirstName = () =>
  within(screen.getByRole('heading', { level: 2, name: 'Your Name' }).closest('form')!).getByRole('textbox', {
    name: /^First Name/,
  });

const sectionTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

/** About You as the app in the browser renders it (startApp.tsx provides the context). */
const progressiveAbout = () => (
  <ProgressiveSectionsContext.Provider value={true}>
    <FormPage page={ABOUT_PAGE} />
  </ProgressiveSectionsContext.Provider>
);

/** The sections About You shows to this applicant, rendered whole (as a page without the context renders). */
function wholePageTitles(session = LOGGED_IN): (string | null)[] {
  const { unmount } = renderForm(<FormPage page={ABOUT_PAGE} />, formState({ session }));
  const titles = sectionTitles();
  unmount();
  return titles;
}

describe('About You in the browser: its first screen first, the sections below it in the tasks after', () => {
  it('shows the first screen’s sections at once, then every section in order, the first ones kept', async () => {
    const whole = wholePageTitles();
    expect(whole.length).toBeGreaterThan(FIRST_SCREEN_SECTIONS + 5);

    const { container } = renderForm(progressiveAbout(), formState({ session: LOGGED_IN }));
    const formPage = container.querySelector('.form-page');
    expect(sectionTitles()).toEqual(whole.slice(0, FIRST_SCREEN_SECTIONS));
    expect(formPage).toHaveAttribute('data-sections', 'arriving');
    const firstName = ownFirstName();

    await waitFor(() => expect(sectionTitles()).toEqual(whole));
    expect(formPage).toHaveAttribute('data-sections', 'all');
    // The same field, not a new one: what was typed and where the focus was stay.
    expect(ownFirstName()).toBe(firstName);
  });

  it('renders whole at once for a #key link, and lands on that field', () => {
    const whole = wholePageTitles();
    renderForm(progressiveAbout(), formState({ session: LOGGED_IN }), '/about#race');
    expect(sectionTitles()).toEqual(whole);
    const lastSection = screen.getByRole('heading', { level: 2, name: 'Ethnicity and Race' }).closest('form');
    expect(lastSection).toContainElement(document.activeElement as HTMLElement);
  });

  it('renders whole at once while the missing-information summary lists problems (its links lead to fields)', async () => {
    const whole = wholePageTitles(VALIDATING);
    renderForm(
      progressiveAbout(),
      formState({ session: VALIDATING, errors: { race: ['Please select at least one race.'] } }),
    );
    expect(sectionTitles().filter((title) => title !== 'There is a problem')).toEqual(
      whole.filter((title) => title !== 'There is a problem'),
    );
    const summary = await screen.findByRole('group', { name: 'There is a problem' });
    expect(within(summary).getByRole('link')).toBeInTheDocument();
  });

  it('a page without the context (a test, the build’s shells) renders whole', () => {
    renderForm(<FormPage page={ABOUT_PAGE} />, formState({ session: LOGGED_IN }));
    expect(screen.getByRole('heading', { level: 2, name: 'Ethnicity and Race' })).toBeInTheDocument();
  });
});
