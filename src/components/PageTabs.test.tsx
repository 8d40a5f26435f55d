import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { PageTabs } from './PageTabs';

const pages = [
  { path: '/about', label: 'About You' },
  { path: '/education', label: 'Your Academics' },
];

function setup(current = '/about') {
  const onNavigate = jest.fn();
  render(<PageTabs pages={pages} current={current} onNavigate={onNavigate} />);
  return { onNavigate, link: (name: string) => screen.getByRole('link', { name }) };
}

describe('PageTabs', () => {
  it('a plain click is handed to the caller instead of following the link', () => {
    const { onNavigate, link } = setup();
    const click = createEvent.click(link('Your Academics'), { button: 0 });
    fireEvent(link('Your Academics'), click);
    expect(click.defaultPrevented).toBe(true);
    expect(onNavigate).toHaveBeenCalledWith('/education');
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['⌘', { metaKey: true }],
    ['Shift', { shiftKey: true }],
  ])('%s-click is left to the browser (open in a new tab or window)', (_label, modifiers) => {
    const { onNavigate, link } = setup();
    const click = createEvent.click(link('Your Academics'), { button: 0, ...modifiers });
    fireEvent(link('Your Academics'), click);
    expect(click.defaultPrevented).toBe(false);
    expect(onNavigate).not.toHaveBeenCalled();
  });

  it('the current page is marked and not requested again', () => {
    const { onNavigate, link } = setup('/education');
    expect(link('Your Academics')).toHaveAttribute('aria-current', 'page');
    expect(link('About You')).not.toHaveAttribute('aria-current');
    fireEvent.click(link('Your Academics'));
    expect(onNavigate).not.toHaveBeenCalled();
  });
});
