"""PettingZoo environments for every cardcore game: ``cardcore.env(name, **options)``.

    >>> import cardcore
    >>> env = cardcore.env("onepoker", single_deal=True)
    >>> env.reset(seed=1)
    >>> env.agent_selection
    'player_0'
    >>> env.action_space("player_0")
    Discrete(59)
    >>> sorted(env.observe("player_0"))
    ['action_mask', 'observation']

The environment follows the conventions of PettingZoo's classic environments (an ``AECEnv``:
one agent acts at a time). It needs PettingZoo and Gymnasium (``pip install pettingzoo
gymnasium``, or the extra ``rl``: ``pip install ".[rl]"`` in a cardcore checkout);
``import cardcore`` never imports them.

Agents
    ``"player_0"`` .. ``"player_{n-1}"``: agent ``player_i`` holds seat ``i`` of the game.
    ``agent_selection`` is the seat the game says is to act (a seat may act several times in
    a row; in Bridge the declarer also plays dummy's cards, as the game asks).

Spaces
    ``action_space(agent)`` is ``Discrete(num_distinct_actions)``: an action is the game's
    integer action id (``docs/actions/<game>.md``). ``observation_space(agent)`` is a ``Dict``
    of ``"observation"``, a float32 ``Box`` of the game's ``observation_shape`` (the values
    ``State.observation_tensor(seat)`` gives), and ``"action_mask"``, an int8 ``Box`` of
    0/1 of length ``num_distinct_actions``. Both are fixed per game and options.

Observations
    ``observe(agent)`` is ``{"observation": state.observation_tensor(seat), "action_mask":
    state.legal_mask()}`` (as int8) for the agent to act; the mask is all zeros for every other
    agent, and for every agent once the game is over.

Rewards and the end
    Rewards are 0 until the game is over; then each agent's reward is its seat's score,
    ``state.scores()`` (as a float), and every agent is terminated (truncation never happens).
    Match games (several deals: Guandan, Tractor, Hold'em, One Poker, Schnapsen, Preference) run
    to the end of the match, so the reward is the match result; pass ``single_deal=True`` to
    make every episode one deal, rewarded with that deal's score.

Illegal actions
    By default ``step`` with an action that is not legal now (out of range, not in the mask,
    not an int) raises ``cardcore.IllegalAction`` and changes nothing: the same agent is still
    to act. PettingZoo's classic environments instead end the game and give the offender a
    penalty; ``cardcore.env(name, illegal_reward=-1.0)`` does that: the episode ends (every
    agent terminated), the offender's reward is ``illegal_reward``, everyone else's 0, and
    ``game_state`` stays as it was before the illegal action.

Seeding
    ``reset(seed=k)`` starts ``cardcore.new_game(name, seed=k, **options)``: the same game as
    the library gives for that seed. ``reset()`` without a seed continues from the last seed
    given, as Gymnasium environments do: the next games' seeds are drawn from a generator
    seeded with ``k`` (so a run that seeds its first reset is reproducible); before any seeded
    reset, ``reset()`` deals a fresh game. ``reset``'s ``options`` argument is accepted for
    the PettingZoo API and not used: the game's options are fixed when the environment is made.

Rendering
    ``render_mode="ansi"``: ``render()`` returns the text of ``state.render(seat)``;
    ``render_mode="human"``: it prints it, after every ``reset`` and ``step`` too. ``seat`` is
    ``render_seat`` (an int; ``"public"`` for the public view, which shows no hidden card); by
    default (``None``) the seat to act, and the public view once the game is over.

Other attributes
    ``env.unwrapped.game_state`` (also ``env.game_state``): the underlying ``cardcore.State``,
    for analysis (``legal_actions()``, ``action_from_id(i)``, ``to_json()``, ...). Do not
    apply actions to it directly: step the environment. ``state()`` is the global view for
    centralised training: the observation tensors of every seat, stacked (shape ``(n,
    *observation_shape)``, ``state_space``). ``metadata["name"]`` is ``"cardcore_<game>_v0"``.
"""

from __future__ import annotations

from typing import Any

from .errors import CardcoreError, IllegalAction, OptionError, quote
from .game import State, from_json, game_class, new_game
from .rng import Rng

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper
except ImportError as exc:  # pragma: no cover - exercised in a subprocess by the tests
    _MISSING: str | None = f"{exc}"
    AECEnv = object  # type: ignore[misc,assignment]
else:
    _MISSING = None

RENDER_MODES = ("human", "ansi")


def _require() -> None:
    if _MISSING is not None:
        raise CardcoreError(
            "cardcore.env needs PettingZoo and Gymnasium: pip install pettingzoo gymnasium "
            f'(the extra "rl": pip install ".[rl]" in a cardcore checkout) ({_MISSING})'
        )


def env(name: str, *, render_mode: str | None = None, render_seat: int | str | None = None,
        illegal_reward: float | None = None, **options: Any) -> Any:
    """A PettingZoo AEC environment of game ``name`` with the game's ``options`` (see the
    module docstring), wrapped in PettingZoo's ``OrderEnforcingWrapper`` as the classic
    environments are; ``.unwrapped`` is the ``CardEnv``. Call ``reset`` before use."""
    raw = raw_env(name, render_mode=render_mode, render_seat=render_seat,
                  illegal_reward=illegal_reward, **options)
    return OrderEnforcingWrapper(raw)


def raw_env(name: str, *, render_mode: str | None = None, render_seat: int | str | None = None,
            illegal_reward: float | None = None, **options: Any) -> CardEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    _require()
    return CardEnv(name, render_mode=render_mode, render_seat=render_seat,
                   illegal_reward=illegal_reward, **options)


class CardEnv(AECEnv):
    """A cardcore game as a PettingZoo ``AECEnv`` (build it with ``cardcore.env``)."""

    def __init__(self, name: str, *, render_mode: str | None = None,
                 render_seat: int | str | None = None, illegal_reward: float | None = None,
                 **options: Any) -> None:
        _require()
        super().__init__()
        cls = game_class(name)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionError(f"render_mode {quote(render_mode)}: expected one of "
                              f"{', '.join(map(repr, RENDER_MODES))} or None")
        if not (render_seat is None or render_seat == "public"
                or (type(render_seat) is int and 0 <= render_seat < cls.NUM_PLAYERS)):
            raise OptionError(f"render_seat {quote(render_seat)}: expected a seat 0.."
                              f"{cls.NUM_PLAYERS - 1}, 'public' or None")
        if illegal_reward is not None:
            if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, (int, float)):
                raise OptionError(f"illegal_reward {quote(illegal_reward)}: expected a number "
                                  "or None")
            illegal_reward = float(illegal_reward)
            if illegal_reward != illegal_reward or abs(illegal_reward) == float("inf"):
                raise OptionError(f"illegal_reward {quote(illegal_reward)}: expected a finite "
                                  "number")
        # a probe game checks the options and gives the sizes (fixed per game and options)
        probe = new_game(name, seed=0, **options)
        self.game_name: str = name
        self.options: dict[str, Any] = dict(options)
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.illegal_reward = illegal_reward
        self.metadata = {
            "name": f"cardcore_{name}_v0",
            "render_modes": list(RENDER_MODES),
            "is_parallelizable": False,
            "render_fps": 1,
        }
        self.num_actions: int = probe.num_distinct_actions
        self.observation_shape: tuple[int, ...] = probe.observation_shape
        n = probe.num_players
        self.possible_agents: list[str] = [f"player_{i}" for i in range(n)]
        self._seat: dict[str, int] = {a: i for i, a in enumerate(self.possible_agents)}
        obs_box = spaces.Box(low=-np.inf, high=np.inf, shape=self.observation_shape,
                             dtype=np.float32)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": obs_box,
                "action_mask": spaces.Box(low=0, high=1, shape=(self.num_actions,),
                                          dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.state_space = spaces.Box(low=-np.inf, high=np.inf,
                                      shape=(n, *self.observation_shape), dtype=np.float32)
        self.game_state: State | None = None
        self._seeder: Rng | None = None

    # ------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: Any) -> str:
        if not isinstance(agent, str) or agent not in self._seat:
            raise IllegalAction(f"agent {quote(agent)}: expected one of "
                                f"{', '.join(self.possible_agents)}")
        return agent

    def _game(self) -> State:
        if self.game_state is None:
            raise IllegalAction(f"{self.metadata['name']}: call reset() first")
        return self.game_state

    # ------------------------------------------------------------ AEC protocol
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            game = new_game(self.game_name, seed=seed, **self.options)
            self._seeder = Rng(game.seed)
        elif self._seeder is not None:
            game = new_game(self.game_name, seed=self._seeder.next_u64(), **self.options)
        else:
            game = new_game(self.game_name, **self.options)
        self.game_state = game
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self._to_act(game)]
        if self.render_mode == "human":
            self.render()

    @staticmethod
    def _to_act(game: State) -> int:
        seat = game.current_player
        if seat is None:  # pragma: no cover - no game is over before its first action
            raise CardcoreError(f"{game.game}: the game is over before it began")
        return seat

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[self._agent(agent)]
        game = self._game()
        if game.current_player == seat and not self.terminations.get(agent, True):
            mask = game.legal_mask().astype(np.int8)
        else:
            mask = np.zeros(self.num_actions, dtype=np.int8)
        return {"observation": game.observation_tensor(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        game = self._game()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalAction(f"action {quote(action)}: {agent} is done; the only action "
                                    "of an agent that is done is None")
            self._was_dead_step(None)
            return
        try:
            game.apply_id(action)
        except IllegalAction:
            if self.illegal_reward is None:
                raise
            self._end({a: (self.illegal_reward if a == agent else 0.0) for a in self.agents})
            return
        self._cumulative_rewards[agent] = 0.0
        if game.current_player is None:
            scores = game.scores()
            self._end({a: float(scores[self._seat[a]]) for a in self.agents})
            return
        self._clear_rewards()
        self.agent_selection = self.possible_agents[self._to_act(game)]
        if self.render_mode == "human":
            self.render()

    def _end(self, rewards: dict[str, float]) -> None:
        self._cumulative_rewards[self.agent_selection] = 0.0
        self.rewards = rewards
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    def state(self) -> Any:
        """Every seat's observation tensor, stacked: shape ``(num_players, *observation_shape)``."""
        game = self._game()
        return np.stack([game.observation_tensor(s) for s in range(len(self.possible_agents))])

    # ------------------------------------------------------------ rendering
    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode: pass "
                                  "render_mode='ansi' or 'human' to cardcore.env")
            return None
        game = self._game()
        if self.render_seat == "public":
            seat = None
        elif self.render_seat is None:
            seat = game.current_player
        else:
            seat = int(self.render_seat)
        text = game.render(seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (text rendering only); kept for the PettingZoo API."""

    # ------------------------------------------------------------ copying
    def __getstate__(self) -> dict[str, Any]:
        # the game travels as its JSON (seed, options, actions): pickling and deepcopy then
        # never depend on how a game stores its position
        d = dict(self.__dict__)
        if d.get("game_state") is not None:
            d["game_state"] = d["game_state"].to_json()
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        if isinstance(d.get("game_state"), str):
            d = dict(d, game_state=from_json(d["game_state"]))
        self.__dict__.update(d)

    def __repr__(self) -> str:
        return f"<CardEnv {self.metadata['name']} options={self.options!r}>"


__all__ = ["env", "raw_env", "CardEnv", "RENDER_MODES"]
