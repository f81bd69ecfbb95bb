"""The battle loop and what it speaks: decisions and choices (:mod:`.actions`), events, the
context a rules system runs in and the interface it implements (:mod:`.context`, :mod:`.system`),
the plugin API and its host (:mod:`.hookspecs`, :mod:`.plugins`, :mod:`.guard`,
:mod:`.isolation`), putting a question to the plugins (:mod:`.choosing`), the loop itself
(:mod:`.battle`) and its copies (:mod:`.forking`), what plugins see (:mod:`.view`), and a battle
a person drives (:mod:`.session`)."""
