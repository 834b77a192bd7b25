"""Module classes a script or notebook only runs eagerly (acclint.analysis.eager_modules): their
methods are no cached traces. Every other use of the class or of an instance keeps them traced."""

from labelled import assert_labels_match


def test_a_module_only_initialised_eagerly_is_no_trace():
    """The flax RNG guide: modules that print their keys, run by `init` and by a direct call,
    with a submodule made in a method; the prints show real keys on every run."""
    assert_labels_match("""
        import jax
        import flax.linen as nn

        class Inner(nn.Module):
            def __call__(self):
                print(self.make_rng("rng_stream"))

        class RNGModule(nn.Module):
            @nn.compact
            def __call__(self):
                print(self.make_rng("rng_stream"))
                Inner()()

        rng_module = RNGModule()
        variables = rng_module.init({"rng_stream": jax.random.key(0)})
        variables = rng_module.init({"rng_stream": jax.random.key(1)})
        out = RNGModule().apply(variables, rngs={"rng_stream": jax.random.key(2)})
    """)


def test_a_module_applied_under_a_transform_stays_traced():
    """The same classes where the script also jits `apply`, hands the instance to a function,
    or uses it inside a function: cached traces as before."""
    assert_labels_match("""
        import jax
        import flax.linen as nn

        class Jitted(nn.Module):
            def __call__(self, x):
                print(x)  # expect: ACC401
                return x

        class Handed(nn.Module):
            def __call__(self, x):
                print(x)  # expect: ACC401
                return x

        class InFunction(nn.Module):
            def __call__(self, x):
                print(x)  # expect: ACC401
                return x

        class Library(nn.Module):
            def __call__(self, x):
                print(x)  # expect: ACC401
                return x

        class MadeOnly(nn.Module):
            def __call__(self, x):
                print(x)  # expect: ACC401
                return x

        made_only = MadeOnly()

        jitted = Jitted()
        params = jitted.init(jax.random.key(0), 1.0)
        fast = jax.jit(jitted.apply)

        handed = Handed()
        params = handed.init(jax.random.key(0), 1.0)
        run(handed, params)

        in_function = InFunction()
        params = in_function.init(jax.random.key(0), 1.0)

        def step(params, x):
            return in_function.apply(params, x)
    """)


def test_a_submodule_of_a_traced_module_stays_traced():
    assert_labels_match("""
        import jax
        from flax import nnx

        class Inner(nnx.Module):
            def __call__(self, x):
                print(x)  # expect: ACC401
                return x

        class Outer(nnx.Module):
            def __call__(self, x):
                return Inner()(x)

        class Eager(nnx.Module):
            def __call__(self, x):
                print(x)
                return Inner()(x)

        model = Eager()
        y = model(1.0)
    """)


def test_an_instance_made_at_the_top_level_and_handed_on_keeps_its_class_traced():
    """`Block()` that no assignment binds and nothing runs at once goes somewhere else: into
    a `Sequential` jitted later, another module, a jitted `apply`, a list. Each class is
    also run eagerly (`block.init`), which alone would make it eager."""
    assert_labels_match("""
        import jax
        import flax.linen as nn

        class InSequential(nn.Module):
            @nn.compact
            def __call__(self, x):
                print(x)  # expect: ACC401
                return nn.Dense(3)(x)

        class InWrapper(nn.Module):
            @nn.compact
            def __call__(self, x):
                print(x)  # expect: ACC401
                return x

        class ApplyJitted(nn.Module):
            @nn.compact
            def __call__(self, x):
                print(x)  # expect: ACC401
                return x

        class InList(nn.Module):
            @nn.compact
            def __call__(self, x):
                print(x)  # expect: ACC401
                return x

        class Wrapper(nn.Module):
            inner: nn.Module

            def __call__(self, x):
                return self.inner(x)

        block = InSequential()
        params = block.init(jax.random.key(0), 1.0)
        model = nn.Sequential([InSequential(), nn.Dense(2)])
        params = model.init(jax.random.key(0), 1.0)
        y = jax.jit(model.apply)(params, 1.0)

        eager = InWrapper()
        params = eager.init(jax.random.key(0), 1.0)
        wrapped = Wrapper(inner=InWrapper())

        applied = ApplyJitted()
        params = applied.init(jax.random.key(0), 1.0)
        fast = jax.jit(ApplyJitted().apply)

        listed = InList()
        params = listed.init(jax.random.key(0), 1.0)
        blocks = [InList(), InList()]
    """)


def test_instances_made_and_run_at_once_at_the_top_level_stay_eager():
    """The look-alike: bare `Block()` calls that are run where they are made (`Block().init`,
    `Block().apply`) or bound to a name run eagerly are eager uses."""
    assert_labels_match("""
        import jax
        import flax.linen as nn

        class Block(nn.Module):
            @nn.compact
            def __call__(self, x):
                print(x)
                return x

        block = Block()
        params = Block().init(jax.random.key(0), 1.0)
        y = Block().apply(params, 1.0)
        z = block.apply(params, 2.0)
    """)
